import Testing

@testable import Localization

@Suite struct POFileTests {
  @Test func readsHeaderMessagesContinuationsAndPlurals() throws {
    let file = try POFile(
      text: """
        # a comment
        msgid ""
        msgstr ""
        "Language: cy\\n"
        "Plural-Forms: nplurals=6; plural=0;\\n"

        #. English: Saved
        msgid "keyit.js.saved"
        msgstr "Wedi'i "
        "gadw"

        msgid "quote"
        msgstr "a \\"b\\" \\\\ c\\nd"

        msgid "count"
        msgid_plural "count"
        msgstr[0] "zero {count}"
        msgstr[1] "one {count}"
        """, file: "cy.po")
    #expect(file.headers["Language"] == "cy")
    #expect(file.headers["Plural-Forms"] == "nplurals=6; plural=0;")
    #expect(file.messages["keyit.js.saved"] == Message(forms: ["Wedi'i gadw"], isPlural: false))
    #expect(file.messages["quote"]?.forms == ["a \"b\" \\ c\nd"])
    #expect(file.messages["count"] == Message(forms: ["zero {count}", "one {count}"], isPlural: true))
  }

  @Test func namesTheLineOfWhatCannotBeRead() {
    #expect(throws: POFileError(file: "x.po", line: 2, problem: "unknown escape \\q")) {
      try POFile(text: "msgid \"a\"\nmsgstr \"\\q\"", file: "x.po")
    }
    #expect(throws: POFileError(file: "x.po", line: 3, problem: "msgid \"a\" appears twice")) {
      try POFile(text: "msgid \"a\"\nmsgstr \"1\"\nmsgid \"a\"\nmsgstr \"2\"", file: "x.po")
    }
    #expect(
      throws: POFileError(
        file: "x.po", line: 1, problem: "msgid \"a\" has no msgstr (or its msgstr[n] are not numbered from 0)")
    ) {
      try POFile(text: "msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[1] \"x\"", file: "x.po")
    }
  }
}
