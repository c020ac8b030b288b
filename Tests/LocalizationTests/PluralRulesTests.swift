import Foundation
import TestSupport
import Testing

@testable import Localization

@Suite struct PluralRulesTests {
  @Test func welshHasSixFormsAndFrenchCountsZeroAsOne() {
    #expect((0...7).map { PluralRules.category("cy", $0) } == [.zero, .one, .two, .few, .other, .other, .many, .other])
    #expect([0, 1, 2, 1_000_000].map { PluralRules.category("fr", $0) } == [.one, .one, .other, .many])
    #expect([0, 1, 2].map { PluralRules.category("sv", $0) } == [.other, .one, .other])
    #expect(PluralRules.categories("tpi") == [.other])
  }

  /// GNU gettext (msgfmt checks each file) and Python's gettext, evaluating each catalog's own
  /// `Plural-Forms` formula, pick the same msgstr[n] as the CLDR rules here for every number.
  @Test func eachCatalogsPluralFormulaAgreesWithTheRules() throws {
    let numbers = Array(0...130) + [1000, 1_000_000, 2_000_000, 1_000_001]
    let folder = repositoryRoot.appendingPathComponent("Sources/Localization/locales")
    let files = Translations.shipped.map { folder.appendingPathComponent("\($0.tag).po").path }
    let output = try runPythonScript(
      "po_plurals.py", arguments: [numbers.map(String.init).joined(separator: ",")] + files)
    let oracle = try JSONDecoder().decode([String: [Int]].self, from: output)
    #expect(Set(oracle.keys) == Set(Translations.shipped.map(\.tag)))
    for (language, indexes) in oracle {
      #expect(indexes == numbers.map { PluralRules.formIndex(language, $0) }, "\(language)")
    }
  }
}
