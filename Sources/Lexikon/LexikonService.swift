import AppSupport
import Foundation
import Stemming

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
  /// (Welsh `gath` → `cath`, Swedish `hundar` → `hund`): what was typed and how it changed.
  public var foundAs: WordForm? = nil
  /// When fresh entries were asked for but the source cannot be reached: why the cached entries
  /// are shown instead.
  public var problem: String? = nil
}

/// A word met in text and what it is a form of: "gath", "soft mutation"; "hundar", "plural" (of
/// the result's word).
public struct WordForm: Codable, Sendable, Equatable {
  /// The word as typed.
  public let asked: String
  /// How it differs from the word found, in the learner's terms ("soft mutation", "plural",
  /// "inflected form" when Hunspell does not say which).
  public let how: String
  /// Whether its first letters mutated or its ending inflected.
  public var kind: Kind = .mutation

  /// What changed between the word found and the word typed.
  public enum Kind: String, Codable, Sendable {
    /// A Welsh initial mutation (the rule table in `AppSupport/WelshMutation`).
    case mutation
    /// An inflection Hunspell knows (`hundar` → `hund`).
    case inflection
  }
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
  /// The lemmas of inflected words (Hunspell).
  public let stemmers: Stemmers

  /// A service over `source`, caching in `store`, stemming with `stemmers`.
  public init(store: LexikonStore, source: any DictionarySource, stemmers: Stemmers = .installed) {
    self.store = store
    self.source = source
    self.stemmers = stemmers
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

  /// Every dictionary of a direction (installed, and added to the data folder), or the one with
  /// that name.
  public func dictionaries(_ direction: String) async throws -> [InstalledDictionary] {
    let found = try await offload { [source] in try source.dictionaries() }
    let chosen = found.filter { $0.direction == direction || $0.name == direction }
    guard !chosen.isEmpty else { throw LexikonError.unknownDictionary(direction, known: found.map(\.direction)) }
    return chosen
  }

  /// The entries of `word` in each of `dictionaries`, one after the other.
  private func define(_ word: String, in dictionaries: [InstalledDictionary]) async throws -> [String] {
    try await offload { [source] in try dictionaries.flatMap { try source.define(word, in: $0) } }
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
    let dictionaries: [InstalledDictionary]
    let raw: [String]
    do {
      dictionaries = try await self.dictionaries(direction)
      raw = try await define(word, in: dictionaries)
    } catch let error as LexikonError where fresh && error.isUnreachable {
      // Searching fetches again; offline, the cache still answers, saying why it is not fresh.
      guard let cached = try await store.lookUp(word, direction: direction) else { throw error }
      var result = Self.result(cached, fromCache: true)
      result.problem = error.description
      return result
    }
    guard !raw.isEmpty else {
      if let form = try await lookupForm(of: word, in: dictionaries, direction: direction, fresh: fresh) {
        return form
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

  /// Headwords of the direction's dictionaries starting with `prefix`, each once, at most `limit`.
  public func match(_ prefix: String, direction: String, limit: Int = 50) async throws -> [String] {
    let prefix = prefix.trimmed.nfc
    guard !prefix.isEmpty else { return [] }
    let dictionaries = try await dictionaries(direction)
    let found = try await offload { [source] in
      try dictionaries.flatMap { try source.match(prefix: prefix, in: $0) }
    }
    var seen = Set<String>()
    return Array(found.filter { seen.insert($0).inserted }.prefix(limit))
  }

  /// A word with no entry of its own is looked up under every word it may be a form of: its
  /// Hunspell stems (`hundar` → `hund`), then, in Welsh, every radical its first letters may be a
  /// mutation of (`gath`, `nghath`, `chath` → `cath`). The first with entries answers, cached under
  /// that word, and says what it undid.
  private func lookupForm(of word: String, in dictionaries: [InstalledDictionary], direction: String, fresh: Bool)
    async throws -> LookupResult?
  {
    for (candidate, form) in try await forms(of: word, direction: direction) {
      var found: LookupResult?
      if !fresh, let cached = try await store.lookUp(candidate, direction: direction) {
        found = Self.result(cached, fromCache: true)
      } else {
        let raw = try await define(candidate, in: dictionaries)
        if !raw.isEmpty {
          found = Self.result(
            try await store.store(raw.map(DictEntry.init(raw:)), for: candidate, direction: direction),
            fromCache: false)
        }
      }
      if var found {
        found.foundAs = form
        return found
      }
    }
    return nil
  }

  /// The words `word` may be a form of in the direction's language, most likely first.
  private func forms(of word: String, direction: String) async throws -> [(word: String, form: WordForm)] {
    let language = Languages.longCode(String(direction.prefix { $0 != "-" }))
    let stems = try await offload { [stemmers] in stemmers.stems(of: word, language: language) }
    var forms = stems.map {
      ($0.lemma, WordForm(asked: word, how: $0.inflection ?? "inflected form", kind: .inflection))
    }
    if language == "cym" {
      forms += WelshMutation.radicals(of: word).map { ($0.radical, WordForm(asked: word, how: $0.mutation.name)) }
    }
    return forms
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
