import AppSupport
import Hummingbird
import KeyIt
import Localization

extension KeyItError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unknownExportFormat: .badRequest
    case .unknownBible, .unknownBook, .unknownChapter, .unknownItem, .unknownConflict, .notInTeam, .notOnHub: .notFound
    case .hubUnreachable, .hubRefused: .badGateway
    case .noBible, .staleText, .versificationLosesText, .versificationOfSharedBible: .conflict
    case .badResourceLine, .file: .internalServerError
    case .blankName, .unknownNameList, .unknownAction, .actionNotAllowed, .itemHasNoText, .offsetOutOfRange, .usfm,
      .controlCharacter, .notInVersification, .cannotAddBook, .badHubAddress, .badToken:
      .unprocessableContent
    }
  }

  /// The form field each case is about.
  var field: String? {
    switch self {
    case .blankName: "name"
    case .unknownNameList: "bookNames"
    case .controlCharacter(let field, _): field.rawValue
    case .offsetOutOfRange: "offset"
    case .cannotAddBook: "book"
    case .unknownExportFormat: "format"
    case .staleText: "text"
    case .versificationLosesText, .versificationOfSharedBible: "versification"
    case .unknownConflict: "conflict"
    case .badHubAddress: "hub"
    case .badToken, .hubRefused: "token"
    case .notOnHub, .notInTeam: "bibleUID"
    case .hubUnreachable, .badResourceLine, .noBible, .unknownBible, .unknownBook, .unknownChapter, .unknownItem,
      .unknownAction,
      .actionNotAllowed, .itemHasNoText, .usfm, .file, .notInVersification:
      nil
    }
  }

  /// The error in the request's language, its inputs in the message's placeholders.
  var words: String {
    switch self {
    case .badResourceLine(let file, let line):
      t("keyit.error.badResourceLine", ["file": .text(file), "line": .text(String(line))])
    case .noBible: t("keyit.error.noBible")
    case .unknownBible(let id, let known):
      t("keyit.error.unknownBible", ["id": .text(String(id)), "known": .text(list(known.map(String.init)))])
    case .blankName: t("keyit.error.blankName")
    case .unknownNameList(let name, let known):
      t("keyit.error.unknownNameList", ["list": quotedInput(name), "known": .text(list(known))])
    case .unknownBook(let code, let known):
      t("keyit.error.unknownBook", ["code": quotedInput(code), "known": .text(known.joined(separator: " "))])
    case .unknownChapter(let book, let chapter, let count):
      t("keyit.error.unknownChapter", ["book": .text(book), "chapter": .number(chapter), "count": .number(count)])
    case .unknownItem(let id): t("keyit.error.unknownItem", ["id": .text(String(id))])
    case .staleText(_, let typedOn, let current):
      t("keyit.error.staleText", ["typedOn": .number(typedOn), "current": .number(current)])
    case .unknownAction(let name):
      t(
        "keyit.error.unknownAction",
        ["action": quotedInput(name), "known": .text(list(ItemActionID.allCases.map(\.rawValue)))])
    case .actionNotAllowed(let action, let item, let allowed):
      t(
        "keyit.error.actionNotAllowed",
        [
          "action": .text(action), "item": .text(item.text(in: requestLocalizer)),
          "allowed": .text(list(allowed)),
        ])
    case .itemHasNoText(let item): t("keyit.error.itemHasNoText", ["item": .text(item.text(in: requestLocalizer))])
    case .offsetOutOfRange(let offset, let length):
      t("keyit.error.offsetOutOfRange", ["offset": .number(offset), "length": .number(length)])
    case .usfm(let file, let line, let column, let problem):
      t(
        "keyit.error.usfm",
        [
          "file": .text(shortened(file)), "line": .text(String(line)), "column": .text(String(column)),
          "problem": .text(KeyItWords.usfm(problem, requestLocalizer)),
        ])
    case .notInVersification(let file, let line, let problem, let versification, let fits):
      t(
        "keyit.error.notInVersification",
        [
          "file": .text(shortened(file)), "line": .text(String(line)),
          "problem": .text(KeyItWords.usfm(problem, requestLocalizer)),
          "versification": .text(KeyItWords.versification(versification, requestLocalizer)),
          "fits": .text(list(fits.map { KeyItWords.versification($0, requestLocalizer) })),
        ])
    case .cannotAddBook(let code, let reason):
      t(
        "keyit.error.cannotAddBook",
        ["code": quotedInput(code), "reason": .text(KeyItWords.bookRefusal(reason, requestLocalizer))])
    case .versificationLosesText(let to, let verses):
      t(
        "keyit.error.versificationLosesText",
        [
          "versification": .text(KeyItWords.versification(to, requestLocalizer)),
          "verses": .text(shortList(verses.map { KeyItWords.lostText($0, requestLocalizer) })),
        ])
    case .file(let path, let message): t("keyit.error.file", ["path": .text(path), "problem": .text(message)])
    case .controlCharacter(let field, let scalar):
      t(
        field == .name ? "keyit.error.controlCharacter.name" : "keyit.error.controlCharacter.text",
        ["character": .text(controlCharacterName(scalar))])
    case .unknownExportFormat(let name, let known):
      t("keyit.error.unknownExportFormat", ["format": quotedInput(name), "known": .text(list(known))])
    case .unknownConflict(let id, let open):
      t(open ? "keyit.error.unknownOpenConflict" : "keyit.error.unknownResolvedConflict", ["id": quotedInput(id)])
    case .badHubAddress(let address): t("keyit.team.error.badHubAddress", ["address": quotedInput(address)])
    case .badToken: t("keyit.team.error.badToken")
    case .notInTeam(let uid): t("keyit.team.error.notInTeam", ["uid": quotedInput(uid)])
    case .notOnHub(let uid): t("keyit.team.error.notOnHub", ["uid": quotedInput(uid)])
    case .hubUnreachable(let why): t("keyit.team.error.hubUnreachable", ["reason": .text(Self.words(why))])
    case .versificationOfSharedBible: t("keyit.team.error.versificationShared")
    case .hubRefused(let status):
      status == 401
        ? t("keyit.team.error.hubRefusedToken") : t("keyit.team.error.hubRefused", ["status": .text(String(status))])
    }
  }

  /// Names joined for a message, or the word for none.
  private func list(_ names: [String]) -> String {
    names.isEmpty ? t("keyit.error.none") : names.joined(separator: ", ")
  }

  /// The first ten names, and how many more.
  private func shortList(_ names: [String]) -> String {
    let shown = names.prefix(10).joined(separator: "; ")
    return names.count > 10
      ? t("keyit.error.andMore", ["list": .text(shown), "count": .number(names.count - 10)]) : shown
  }

  /// Why the hub could not be reached (`keyit.team.reason.*`).
  private static func words(_ why: HubUnreachable) -> String {
    switch why {
    case .noAnswer: t("keyit.team.reason.noAnswer")
    case .notAHub: t("keyit.team.reason.notAHub")
    case .refused: t("keyit.team.reason.refused")
    case .timedOut: t("keyit.team.reason.timedOut")
    case .network(let code?): t("keyit.team.reason.networkCode", ["code": .text(String(code))])
    case .network(nil): t("keyit.team.reason.network")
    }
  }
}
