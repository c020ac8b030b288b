import AppSupport
import Foundation

/// A DICT protocol client (RFC 2229) over one persistent TCP connection, reconnecting when the
/// server has closed it. Calls block (sub-millisecond on loopback) and are serialised; every
/// answer must arrive within `timeout` seconds.
public final class DictClient: @unchecked Sendable {
  /// `host:port`, for messages.
  public let server: String
  private let host: String
  private let port: Int
  private let timeout: Double
  private let lock = NSLock()
  private var connection: DictConnection?

  /// A database or strategy the server offers: its name and description.
  public struct Listing: Sendable, Equatable, Codable {
    /// The name used in commands, e.g. `fd-swe-eng`.
    public let name: String
    /// The server's description of it.
    public let description: String
  }

  /// One definition: the database it came from and its text.
  public struct Definition: Sendable, Equatable {
    /// The word as the database lists it.
    public let word: String
    /// The database name.
    public let database: String
    /// The definition text, dot-stuffing removed.
    public let text: String
  }

  /// A client for the server at `host:port` (dictd's port is 2628); nothing is sent until the
  /// first request.
  public init(host: String, port: Int = 2628, timeout: Double = 5) {
    self.host = host
    self.port = port
    self.timeout = timeout
    server = "\(host):\(port)"
  }

  /// Parses `host:port` (or `host`, meaning port 2628).
  public convenience init(address: String, timeout: Double = 5) throws {
    let parts = address.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty else { throw LexikonError.badServerAddress(address) }
    let port = parts.count == 2 ? Int(parts[1]) : 2628
    guard let port, (1...65_535).contains(port) else { throw LexikonError.badServerAddress(address) }
    self.init(host: String(parts[0]), port: port, timeout: timeout)
  }

  /// The databases the server offers (`SHOW DB`).
  public func databases() throws -> [Listing] { try listings("SHOW DB", code: 110) }

  /// The match strategies the server offers (`SHOW STRAT`).
  public func strategies() throws -> [Listing] { try listings("SHOW STRAT", code: 111) }

  /// Every definition of `word` in `database` (`DEFINE`); empty when there is none (552).
  public func define(_ word: String, in database: String) throws -> [Definition] {
    try request("DEFINE \(try Self.atom(database)) \(try Self.quoted(word))") { reply, connection, deadline in
      if reply.code == 552 { return [] }
      try expect(reply, 150)
      var definitions: [Definition] = []
      while true {
        let next = try Self.status(try connection.readLine(until: deadline), server: server)
        if next.code == 250 { return definitions }
        try expect(next, 151)
        let fields = Self.words(next.text)
        guard fields.count >= 2 else { throw malformed("151 without word and database: \(shortened(next.text))") }
        let body = try Self.textBody(connection, until: deadline)
        definitions.append(Definition(word: fields[0], database: fields[1], text: body.joined(separator: "\n")))
      }
    }
  }

  /// The words in `database` that `word` matches with `strategy` (`exact`, `prefix`…); empty when
  /// none does (552).
  public func match(_ word: String, in database: String, strategy: String = "prefix") throws -> [String] {
    try request("MATCH \(try Self.atom(database)) \(try Self.atom(strategy)) \(try Self.quoted(word))") {
      reply, connection, deadline in
      if reply.code == 552 { return [] }
      try expect(reply, 152)
      let lines = try Self.textBody(connection, until: deadline)
      try expect(try Self.status(try connection.readLine(until: deadline), server: server), 250)
      return try lines.map { line in
        let fields = Self.words(line)
        guard fields.count >= 2 else { throw malformed("match line without database and word: \(shortened(line))") }
        return fields[1]
      }
    }
  }

  /// Says `QUIT` and closes the connection (a later request opens a new one).
  public func close() {
    lock.withLock {
      if let connection {
        try? connection.sendLine("QUIT")
        _ = try? connection.readLine(until: Date(timeIntervalSinceNow: min(timeout, 1)))
      }
      connection = nil
    }
  }

  private func listings(_ command: String, code: Int) throws -> [Listing] {
    try request(command) { reply, connection, deadline in
      if reply.code == 554 || reply.code == 555 { return [] }  // none present
      try expect(reply, code)
      let lines = try Self.textBody(connection, until: deadline)
      try expect(try Self.status(try connection.readLine(until: deadline), server: server), 250)
      return lines.map { line in
        let fields = Self.words(line)
        return Listing(name: fields.first ?? "", description: fields.dropFirst().joined(separator: " "))
      }
    }
  }

  /// Sends `command` and lets `read` take the answer, on the open connection or a new one; when a
  /// reused connection turns out to be closed by the server, reconnects once and resends.
  private func request<Result>(
    _ command: String, read: (Status, DictConnection, Date) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      func attempt() throws -> Result {
        do {
          return try send(command, read: read)
        } catch {
          connection = nil  // closed, timed out or out of step: the next request starts afresh
          throw error
        }
      }
      let reused = connection != nil
      do {
        return try attempt()
      } catch LexikonError.unreachable where reused {
        return try attempt()
      }
    }
  }

  private func send<Result>(_ command: String, read: (Status, DictConnection, Date) throws -> Result) throws
    -> Result
  {
    let connection = try self.connection ?? open()
    let deadline = Date(timeIntervalSinceNow: timeout)
    connection.beginAnswer()
    try connection.sendLine(command)
    let reply = try Self.status(try connection.readLine(until: deadline), server: server)
    if reply.code >= 400, ![552, 554, 555].contains(reply.code) {  // 550/551 bad database/strategy, 5xx, 420/421
      throw LexikonError.serverRefused(server: server, code: reply.code, message: shortened(reply.text))
    }
    return try read(reply, connection, deadline)
  }

  /// Connects, reads the banner (220) and introduces the client.
  private func open() throws -> DictConnection {
    let connection = try DictConnection(host: host, port: port, timeout: timeout)
    let deadline = Date(timeIntervalSinceNow: timeout)
    let banner = try Self.status(try connection.readLine(until: deadline), server: server)
    guard banner.code == 220 else {
      throw LexikonError.serverRefused(server: server, code: banner.code, message: shortened(banner.text))
    }
    try connection.sendLine("CLIENT scriptorium")
    try expect(try Self.status(try connection.readLine(until: deadline), server: server), 250)
    self.connection = connection
    return connection
  }

  private func malformed(_ reason: String) -> LexikonError { .malformedResponse(server: server, reason: reason) }

  private func expect(_ reply: Status, _ code: Int) throws {
    guard reply.code == code else { throw malformed("expected \(code), got \(reply.code) \(shortened(reply.text))") }
  }

  /// A status line: three digits, a space, text.
  struct Status {
    let code: Int
    let text: String
  }

  static func status(_ line: String, server: String) throws -> Status {
    let digits = line.prefix(3)
    guard digits.count == 3, digits.allSatisfy(\.isASCII), let code = Int(digits), (100...599).contains(code),
      line.count == 3 || line.dropFirst(3).first == " "
    else {
      throw LexikonError.malformedResponse(server: server, reason: "not a status line: \(shortened(line))")
    }
    return Status(code: code, text: String(line.dropFirst(4)))
  }

  /// A text body: lines up to a lone `.`, with a doubled leading dot undone.
  static func textBody(_ connection: DictConnection, until deadline: Date) throws -> [String] {
    var lines: [String] = []
    while true {
      let line = try connection.readLine(until: deadline)
      if line == "." { return lines }
      lines.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
    }
  }

  /// The words of a reply line: atoms and double-quoted strings (with backslash escapes).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var escaped = false
    var started = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
      } else if quoted {
        if character == "\\" {
          escaped = true
        } else if character == "\"" {
          quoted = false
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        quoted = true
        started = true
      } else if character == " " || character == "\t" {
        if started { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }

  /// A database or strategy name as an atom (no spaces, quotes or control characters).
  static func atom(_ name: String) throws -> String {
    guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 32 && $0 != "\"" && $0 != "\\" && $0 != "'" })
    else { throw LexikonError.badWord(name) }
    return name
  }

  /// A word as a quoted string; a line break or control character cannot be sent.
  static func quoted(_ word: String) throws -> String {
    guard !word.isEmpty, word.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value != 127 }) else {
      throw LexikonError.badWord(word)
    }
    return "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
