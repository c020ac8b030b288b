import Foundation
import Lexikon

/// A lookup a page asks for.
struct LookupJSON: Decodable {
  let direction: String
  let word: String
  /// True to ask the source again instead of answering from the cache.
  let fresh: Bool?
}

/// One page of the cache list. Lookups, dictionaries and the screen's state go out as the core's
/// own value types (`LookupResult`, `DictionaryList`, `LexikonState`), which are not tables.
struct CachePageJSON: Encodable {
  struct Word: Encodable {
    let word: String
    let fetchedAt: Date
    let lookupCount: Int
    /// The letter of the language's alphabet it is filed under (`Å`, `Ll`).
    let letter: String?
  }
  let words: [Word]
  /// True when more words match than were returned.
  let more: Bool

  init(_ page: CachePage) {
    words = page.words.map {
      Word(word: $0.word, fetchedAt: $0.fetchedAt, lookupCount: $0.lookupCount, letter: $0.letter)
    }
    more = page.more
  }
}

/// How many cached words a removal took away.
struct RemovedJSON: Encodable { let removed: Int }
