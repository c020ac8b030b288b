import Foundation

/// Where definitions come from: dictd files on disk or a DICT server. Calls may block briefly
/// (the `Lexikon` service runs them off the async pool).
public protocol DictionarySource: Sendable {
  /// What the source is, for messages (`dictd files in /usr/share/dictd`).
  var label: String { get }
  /// The dictionaries it offers.
  func dictionaries() throws -> [InstalledDictionary]
  /// The raw text of every entry for `word` (empty when there is none).
  func define(_ word: String, in dictionary: InstalledDictionary) throws -> [String]
  /// Headwords starting with `prefix`.
  func match(prefix: String, in dictionary: InstalledDictionary) throws -> [String]
  /// Forgets what it listed, so that dictionaries added since are offered.
  func reload()
}

/// The dictionaries installed as files in folders: dictd's (`NAME.index`, Debian's
/// `/usr/share/dictd`) and StarDict's (`NAME.ifo`), each opened on first use and kept open. A
/// name found in two folders is the first folder's.
public final class DictdFolderSource: DictionarySource, @unchecked Sendable {
  /// The folders searched, in order.
  public let folders: [String]
  private let lock = NSLock()
  private var opened: [String: any FileDictionary] = [:]
  private var listed: [String: Listed]?

  /// A dictionary found in the folders: which folder (its rank), its files' stem and format.
  private struct Listed {
    let rank: Int
    let stem: String
    let starDict: Bool
    let dictionary: InstalledDictionary
  }

  /// A source over the dictionaries in `folder`.
  public convenience init(folder: String = "/usr/share/dictd") { self.init(folders: [folder]) }

  /// A source over the dictionaries in every one of `folders`.
  public init(folders: [String]) { self.folders = folders }

  /// `dictionary files in FOLDER, FOLDER`.
  public var label: String { "dictionary files in \(folders.joined(separator: ", "))" }

  /// One per `.index` or `.ifo` file, the first folder's first, listed once (every lookup asks)
  /// until `reload()`.
  public func dictionaries() throws -> [InstalledDictionary] {
    lock.withLock {
      listing().values.sorted { ($0.rank, $0.dictionary.name) < ($1.rank, $1.dictionary.name) }.map(\.dictionary)
    }
  }

  /// Forgets the list and the opened files (after a dictionary was added).
  public func reload() {
    lock.withLock {
      listed = nil
      opened = [:]
    }
  }

  /// Reads the entries from the files.
  public func define(_ word: String, in dictionary: InstalledDictionary) throws -> [String] {
    try open(dictionary.name).define(word)
  }

  /// Reads the headwords from the index.
  public func match(prefix: String, in dictionary: InstalledDictionary) throws -> [String] {
    try open(dictionary.name).match(prefix: prefix)
  }

  /// Every dictionary of the folders by name (the lock held).
  private func listing() -> [String: Listed] {
    if let listed { return listed }
    var found: [String: Listed] = [:]
    for (rank, folder) in folders.enumerated() {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for file in files.sorted() {
        let starDict = file.hasSuffix(".ifo")
        guard starDict || file.hasSuffix(".index") else { continue }
        let name = String(file.dropLast(starDict ? 4 : 6))
        let stem = "\(folder)/\(name)"
        let has = { (ending: String) in FileManager.default.fileExists(atPath: stem + ending) }
        // A dictionary whose files are not all there yet (being added) is not offered.
        guard found[name] == nil, has(".dict") || has(".dict.dz"), !starDict || has(".idx") else { continue }
        let description = starDict ? (try? StarDictDictionary.bookName(stem: stem)) : nil
        found[name] = Listed(
          rank: rank, stem: stem, starDict: starDict,
          dictionary: InstalledDictionary(name: name, description: description))
      }
    }
    listed = found
    return found
  }

  private func open(_ name: String) throws -> any FileDictionary {
    try lock.withLock {
      if let known = opened[name] { return known }
      guard let file = listing()[name] else {
        throw LexikonError.unknownDictionary(name, known: listing().keys.sorted())
      }
      let dictionary: any FileDictionary =
        file.starDict ? try StarDictDictionary(stem: file.stem) : try DictdFileDictionary(stem: file.stem)
      opened[name] = dictionary
      return dictionary
    }
  }
}

/// A DICT server (RFC 2229) through one persistent `DictClient` connection.
public final class DictServerSource: DictionarySource, @unchecked Sendable {
  /// The client, one connection.
  public let client: DictClient
  private let lock = NSLock()
  private var listed: [InstalledDictionary]?

  /// A source over the server `client` talks to.
  public init(client: DictClient) { self.client = client }

  /// `DICT server HOST:PORT`.
  public var label: String { "DICT server \(client.server)" }

  /// `SHOW DB`, asked once and remembered.
  public func dictionaries() throws -> [InstalledDictionary] {
    if let listed = lock.withLock({ listed }) { return listed }
    let found = try client.databases().map { InstalledDictionary(name: $0.name, description: $0.description) }
    lock.withLock { listed = found }
    return found
  }

  /// `DEFINE`.
  public func define(_ word: String, in dictionary: InstalledDictionary) throws -> [String] {
    try client.define(word, in: dictionary.name).map(\.text)
  }

  /// Asks `SHOW DB` again next time.
  public func reload() { lock.withLock { listed = nil } }

  /// `MATCH … prefix`.
  public func match(prefix: String, in dictionary: InstalledDictionary) throws -> [String] {
    try client.match(prefix, in: dictionary.name, strategy: "prefix")
  }
}

/// The source the user asked for: a DICT server at `server` (`host:port`) when given, else the
/// dictionary files in `folder` and then in `added` (the data folder's `dictionaries/`).
public func dictionarySource(server: String?, folder: String = "/usr/share/dictd", added: String? = nil) throws
  -> any DictionarySource
{
  if let server, !server.isEmpty { return DictServerSource(client: try DictClient(address: server)) }
  return DictdFolderSource(folders: [folder] + (added.map { [$0] } ?? []))
}
