import AppSupport
import Localization
import Phrasebook

/// Phrasebook's values that the core names in code (fields, verdicts, what differed), in a language:
/// the pages', or the command line's.
public enum PhrasebookWords {
  /// How a sentence names a field ("the first word").
  public static func field(_ field: PhrasebookField, _ words: Localizer) -> String {
    switch field {
    case .name: words.t("phrasebook.field.name")
    case .languages: words.t("phrasebook.field.languages")
    case .wordOne: words.t("phrasebook.field.wordOne")
    case .wordTwo: words.t("phrasebook.field.wordTwo")
    case .type: words.t("phrasebook.field.type")
    case .context: words.t("phrasebook.field.context")
    case .area: words.t("phrasebook.field.area")
    case .note: words.t("phrasebook.field.note")
    case .image: words.t("phrasebook.field.image")
    case .imageURL: words.t("phrasebook.field.imageURL")
    case .imageCredit: words.t("phrasebook.field.imageCredit")
    case .imageLicence: words.t("phrasebook.field.imageLicence")
    case .tags: words.t("phrasebook.field.tags")
    case .tagName: words.t("phrasebook.field.tagName")
    }
  }

  /// What differed between a typed answer and the right one ("a letter missing"); empty for none.
  public static func detail(_ detail: AnswerDetail?, _ words: Localizer) -> String {
    switch detail {
    case nil: ""
    case .letterCase: words.t("phrasebook.detail.letterCase")
    case .accents: words.t("phrasebook.detail.accents")
    case .mutation(.soft): words.t("phrasebook.detail.softMutation")
    case .mutation(.nasal): words.t("phrasebook.detail.nasalMutation")
    case .mutation(.aspirate): words.t("phrasebook.detail.aspirateMutation")
    case .mutation(.hProthesis): words.t("phrasebook.detail.hProthesis")
    case .otherForm(let word): words.t("phrasebook.detail.otherForm", ["word": .text(word)])
    case .letterMissing: words.t("phrasebook.detail.letterMissing")
    case .letterTooMany: words.t("phrasebook.detail.letterTooMany")
    case .lettersSwapped: words.t("phrasebook.detail.lettersSwapped")
    case .letterWrong: words.t("phrasebook.detail.letterWrong")
    }
  }

  /// Why a row of an import was refused.
  public static func problem(_ problem: ImportProblem, _ words: Localizer) -> String {
    switch problem {
    case .notAnObject: words.t("phrasebook.rejection.notAnObject")
    case .tagsNotText: words.t("phrasebook.rejection.tagsNotText")
    case .notText(let key): words.t("phrasebook.rejection.notText", ["key": .text(key)])
    case .extraFields(let fields, let header):
      words.t("phrasebook.rejection.extraFields", ["count": .number(fields), "header": .number(header)])
    case .blankColumn(let column): words.t("phrasebook.rejection.blankColumn", ["column": .text(column)])
    case .blankNoteField(let name): words.t("phrasebook.rejection.blankNoteField", ["field": .text(name)])
    case .fewerThanTwoFields: words.t("phrasebook.rejection.fewerThanTwoFields")
    case .unreadableNote(let missing):
      words.t(missing ? "phrasebook.rejection.noteFieldsMissing" : "phrasebook.rejection.noteFieldsNotText")
    case .pair(let error): interfaceWords(for: error, localizer: words) ?? error.description
    }
  }

  public static func verdict(_ verdict: AnswerVerdict, _ words: Localizer) -> String {
    switch verdict {
    case .exact: words.t("phrasebook.verdict.exact")
    case .accents: words.t("phrasebook.verdict.accents")
    case .mutation: words.t("phrasebook.verdict.mutation")
    case .inflection: words.t("phrasebook.verdict.inflection")
    case .typo: words.t("phrasebook.verdict.typo")
    case .wrong: words.t("phrasebook.verdict.wrong")
    }
  }
}
