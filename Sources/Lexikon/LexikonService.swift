import AppSupport
import Foundation

/// What a lookup answered: the entries, and whether they came from the cache.
public struct LookupResult: Codable, Sendable, Equatable {
  /// The word as the dictionary writes it (as asked when there is no entry).
  public let word: String
  /// The direction looked in (`swe-eng`).
  public let direction: String
  /// Every entry for the word (empty when the dictionary has none).
  public let entries: [DictEntry]
  /// True when the answer came from the cache, not the source.
  public let fromCache: Bool
  /// When the entries were fetched (nil when nothing was found).
  public let fetchedAt: Date?
  /// How often the word has been looked up (0 when nothing was found).
  public let lookupCount: Int
  /// Headwords starting with the word, when nothing was found.
  public let suggestions: [String]
  /// When the word as typed has no entry and these entries are for the word it comes from
  /// (Welsh `gath` → `cath`): what was typed and how it changed.
  public var foundAs: WordForm? = nil
}

/// A word met in text and what it is a form of: "gath", "soft mutation" (of the result's word).
public struct WordForm: Codable, Sendable, Equatable {
  /// The word as typed.
  public let asked: String
  /// How it differs from the word found, in the learner's terms.
  public let how: String
}

/// The dictionaries on offer and the directions with cached words; when the source cannot be
/// reached, `problem` says so and the cached directions still work.
public struct DictionaryList: Codable, Sendable, Equatable {
  /// What the source is.
  public let source: String
  /// Its dictionaries (empty when it is unreachable).
  public let dictionaries: [InstalledDictionary]
  /// Cached word counts per direction.
  public let cached: [String: Int]
  /// Why the source's list is missing, if it is.
  public let problem: String?
  /// The direction a screen starts with: the last used, else Swedish → English, else the first.
  public let defaultDirection: String?
}

/// Lexikon's use cases over a source and the cache: lookups answered from the cache unless fresh
/// data is asked for, every fetched result cached, cached words available while offline.
public final class LexikonService: Sendable {
  /// The cache.
  public let store: LexikonStore
  /// Where definitions come from.
  public let source: any DictionarySource

  /// A service over `source`, caching in `store`.
  public init(store: LexikonStore, source: any DictionarySource) {
    self.store = store
    self.source = source
  }

  /// The source's dictionaries, the cached directions and the default direction.
  public func dictionaries() async throws -> DictionaryList {
    let cached = try await store.directions()
    let last = try await store.state().direction
    do {
      let found = try await offload { [source] in try source.dictionaries() }
      return DictionaryList(
        source: source.label, dictionaries: found, cached: cached, problem: nil,
        defaultDirection: Self.defaultDirection(last: last, found: found))
    } catch let error as LexikonError {
      return DictionaryList(
        source: source.label, dictionaries: [], cached: cached, problem: error.description, defaultDirection: last)
    }
  }

  /// The direction for two language codes (`sv`, `en` → `swe-eng`).
  public static func direction(from: String, to: String) -> String {
    "\(Languages.longCode(from))-\(Languages.longCode(to))"
  }

  /// The dictionary for a direction (or a dictionary name).
  public func dictionary(_ direction: String) async throws -> InstalledDictionary {
    let found = try await offload { [source] in try source.dictionaries() }
    guard let dictionary = found.first(where: { $0.direction == direction || $0.name == direction }) else {
      throw LexikonError.unknownDictionary(direction, known: found.map(\.direction))
    }
    return dictionary
  }

  /// The default direction: the last used, else Swedish → English, else the first installed.
  public func defaultDirection() async throws -> String? {
    let last = try await store.state().direction
    if last != nil { return last }
    return Self.defaultDirection(last: nil, found: (try? await offload { [source] in try source.dictionaries() }) ?? [])
  }

  private static func defaultDirection(last: String?, found: [InstalledDictionary]) -> String? {
    last ?? (found.first { $0.direction == "swe-eng" } ?? found.first)?.direction
  }

  /// Looks `word` up: from the cache unless `fresh`, else from the source, caching what it finds.
  /// An uncached word while the source is unreachable is that error, never an empty answer.
  public func lookup(_ word: String, direction: String, fresh: Bool = false) async throws -> LookupResult {
    let word = word.trimmed.nfc
    guard !word.isEmpty, !word.contains(where: \.isNewline) else { throw LexikonError.badWord(word) }
    if !fresh, let cached = try await store.lookUp(word, direction: direction) {
      return Self.result(cached, fromCache: true)
    }
    let dictionary = try await dictionary(direction)
    let raw = try await offload { [source] in try source.define(word, in: dictionary) }
    guard !raw.isEmpty else {
      if let radical = try await lookupRadical(of: word, in: dictionary, direction: direction, fresh: fresh) {
        return radical
      }
      let suggestions = try await match(word, direction: direction, limit: 10)
      return LookupResult(
        word: word, direction: direction, entries: [], fromCache: false, fetchedAt: nil, lookupCount: 0,
        suggestions: suggestions)
    }
    let cached = try await store.store(raw.map(DictEntry.init(raw:)), for: word, direction: direction)
    return Self.result(cached, fromCache: false)
  }

  /// The cached result for `word` without counting a lookup or asking the source (a screen
  /// restoring what it showed).
  public func cachedResult(_ word: String, direction: String) async throws -> LookupResult {
    guard let cached = try await store.cached(word, direction: direction) else {
      throw LexikonError.notCached(word: word, direction: direction)
    }
    return Self.result(cached, fromCache: true)
  }

  /// Removes a cached word; a word that is not cached is an error saying so.
  public func forget(_ word: String, direction: String) async throws {
    guard try await store.forget(word, direction: direction) else {
      throw LexikonError.notCached(word: word, direction: direction)
    }
  }

  /// Headwords of the direction's dictionary starting with `prefix`, at most `limit`.
  public func match(_ prefix: String, direction: String, limit: Int = 50) async throws -> [String] {
    let prefix = prefix.trimmed.nfc
    guard !prefix.isEmpty else { return [] }
    let dictionary = try await dictionary(direction)
    let found = try await offload { [source] in try source.match(prefix: prefix, in: dictionary) }
    return Array(found.prefix(limit))
  }

  /// A Welsh word with no entry of its own is looked up under every radical its first letters may
  /// be a mutation of (`gath`, `nghath`, `chath` → `cath`); the first with entries answers, cached
  /// under the radical, and says which mutation it undid.
  private func lookupRadical(of word: String, in dictionary: InstalledDictionary, direction: String, fresh: Bool)
    async throws -> LookupResult?
  {
    guard Languages.longCode(String(direction.prefix { $0 != "-" })) == "cym" else { return nil }
    for (radical, mutation) in WelshMutation.radicals(of: word) {
      var found: LookupResult?
      if !fresh, let cached = try await store.lookUp(radical, direction: direction) {
        found = Self.result(cached, fromCache: true)
      } else {
        let raw = try await offload { [source] in try source.define(radical, in: dictionary) }
        if !raw.isEmpty {
          found = Self.result(
            try await store.store(raw.map(DictEntry.init(raw:)), for: radical, direction: direction), fromCache: false)
        }
      }
      if var found {
        found.foundAs = WordForm(asked: word, how: mutation.name)
        return found
      }
    }
    return nil
  }

  private static func result(_ cached: CachedWord, fromCache: Bool) -> LookupResult {
    LookupResult(
      word: cached.word, direction: cached.direction, entries: cached.entries, fromCache: fromCache,
      fetchedAt: cached.fetchedAt, lookupCount: cached.lookupCount, suggestions: [])
  }
}

/// Runs blocking work (file reads, socket calls) on a Dispatch thread, not the async pool.
func offload<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}
