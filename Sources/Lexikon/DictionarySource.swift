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
}

/// The dictionaries installed as dictd files in a folder (Debian's `/usr/share/dictd`), each
/// opened on first use and kept open.
public final class DictdFolderSource: DictionarySource, @unchecked Sendable {
  /// The folder searched.
  public let folder: String
  private let lock = NSLock()
  private var opened: [String: DictdFileDictionary] = [:]
  private var listed: [InstalledDictionary]?

  /// A source over the dictionaries in `folder`.
  public init(folder: String = "/usr/share/dictd") { self.folder = folder }

  /// `dictd files in FOLDER`.
  public var label: String { "dictd files in \(folder)" }

  /// One per `.index` file, listed once (every lookup asks).
  public func dictionaries() throws -> [InstalledDictionary] {
    lock.withLock {
      if let listed { return listed }
      let found = DictdFileDictionary.installed(in: folder).map { InstalledDictionary(name: $0) }
      listed = found
      return found
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

  private func open(_ name: String) throws -> DictdFileDictionary {
    try lock.withLock {
      if let known = opened[name] { return known }
      let dictionary = try DictdFileDictionary(stem: "\(folder)/\(name)")
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

  /// `MATCH … prefix`.
  public func match(prefix: String, in dictionary: InstalledDictionary) throws -> [String] {
    try client.match(prefix, in: dictionary.name, strategy: "prefix")
  }
}

/// The source the user asked for: a DICT server at `server` (`host:port`) when given, else the
/// dictd files in `folder`.
public func dictionarySource(server: String?, folder: String = "/usr/share/dictd") throws -> any DictionarySource {
  if let server, !server.isEmpty { return DictServerSource(client: try DictClient(address: server)) }
  return DictdFolderSource(folder: folder)
}
