import Testing

@testable import Lexikon

@Suite struct LexikonErrorTests {
  @Test func errorsEchoAtMostEightyCharactersOfInputOrOfWhatAServerSent() {
    let long = String(repeating: "w", count: 10_000)
    for error in [
      LexikonError.badWord(long), .notCached(word: long, direction: "en-cy"), .badServerAddress(long),
      .unknownDictionary(long, known: []), .entryOutOfRange(file: "x.dict", headword: long),
      .serverRefused(server: "dict.org:2628", code: 550, message: long),
      .malformedResponse(server: "dict.org:2628", reason: long),
    ] {
      #expect(error.description.count < 250 && error.description.contains(String(repeating: "w", count: 80) + "…"))
    }
  }
}
