import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// The DICT client against a real dictd started for the test (checked against Debian's `dict`
/// client and the file reader), and against a fake server for what dictd never sends.
@Suite struct DictClientTests {
  /// `dict`'s output split into its definitions, without headers and indentation.
  static func definitions(inDictOutput output: String) -> [String] {
    var blocks: [[String]] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("From "), line.hasSuffix("]:") {
        blocks.append([])
      } else if !blocks.isEmpty {
        blocks[blocks.count - 1].append(line.hasPrefix("  ") ? String(line.dropFirst(2)) : String(line))
      }
    }
    return blocks.map { tidy($0.joined(separator: "\n")) }
  }

  static func tidy(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: \.isWhitespace).reversed())
    }.joined(separator: "\n").trimmingCharacters(in: .newlines)
  }

  @Test(arguments: [("swe-eng", 40), ("eng-cym", 25)])
  func definitionsEqualWhatDictPrintsAndWhatTheFilesHold(pair: String, samples: Int) throws {
    let server = try DictdServer()
    defer { server.stop() }
    let client = DictClient(host: "127.0.0.1", port: server.port)
    defer { client.close() }
    let files = try DictdFileDictionary(stem: "/usr/share/dictd/freedict-\(pair)")
    let index = try DictdIndex(
      text: String(
        decoding: FileManager.default.contents(atPath: "/usr/share/dictd/freedict-\(pair).index")!, as: UTF8.self))
    var random = SeededGenerator(seed: 5)
    let words = ["water", "hund"] + (0..<samples).map { _ in index.entries.randomElement(using: &random)!.headword }
    for word in words where !index.entries(for: word).isEmpty {
      let fromServer = try client.define(word, in: "fd-\(pair)").map { Self.tidy($0.text) }
      let fromFiles = try files.define(word).map(Self.tidy)
      let fromDict = Self.definitions(inDictOutput: try server.dictOutput(word, database: "fd-\(pair)") ?? "")
      #expect(fromServer == fromDict, "\(word)")
      #expect(fromFiles.sorted() == fromServer.sorted(), "\(word)")
    }
  }

  @Test func listsMatchesAndRefusals() throws {
    let server = try DictdServer()
    defer { server.stop() }
    let client = DictClient(host: "127.0.0.1", port: server.port)
    defer { client.close() }
    #expect(Set(try client.databases().map(\.name)).isSuperset(of: ["fd-swe-eng", "fd-cym-eng"]))
    #expect(try client.databases().first { $0.name == "fd-swe-eng" }?.description.contains("Swedish") == true)
    #expect(Set(try client.strategies().map(\.name)).isSuperset(of: ["exact", "prefix"]))
    let files = try DictdFileDictionary(stem: "/usr/share/dictd/freedict-swe-eng")
    let matched = try client.match("hun", in: "fd-swe-eng")
    #expect(matched.contains("hund") && Set(matched) == Set(files.match(prefix: "hun")))
    #expect(try client.match("hund", in: "fd-swe-eng", strategy: "exact") == ["hund"])
    #expect(try client.define("xqzzz", in: "fd-swe-eng").isEmpty)
    #expect(try client.match("xqzzz", in: "fd-swe-eng").isEmpty)
    #expect(try client.define("dŵr", in: "fd-cym-eng").first?.text.contains("water") == true)
    for (code, call) in [
      (550, { _ = try client.define("hund", in: "no-such-db") }),
      (551, { _ = try client.match("hund", in: "fd-swe-eng", strategy: "nonesuch") }),
    ] as [(Int, () throws -> Void)] {
      #expect(throws: LexikonError.self) { try call() }
      do { try call() } catch LexikonError.serverRefused(_, let refused, _) { #expect(refused == code) }
    }
    // The connection survived the refusals: one more lookup on it still works.
    #expect(try client.define("hund", in: "fd-swe-eng").count == 1)
  }

  @Test func wordsAreQuotedAndDotStuffingIsUndone() throws {
    let fake = try FakeDictServer { line in
      if line.hasPrefix("CLIENT") { return .send("250 ok\r\n") }
      return .send(
        "150 1 definitions retrieved\r\n151 \"a \\\"b\\\"\" db \"Fake\"\r\n..dotted\r\nplain\r\n.\r\n250 ok\r\n")
    }
    defer { fake.stop() }
    let client = DictClient(host: "127.0.0.1", port: fake.port)
    let found = try client.define("a \"b\"", in: "db")
    #expect(found == [DictClient.Definition(word: "a \"b\"", database: "db", text: ".dotted\nplain")])
    #expect(fake.commands == ["CLIENT scriptorium", "DEFINE db \"a \\\"b\\\"\""])
    #expect(throws: LexikonError.badWord("two\nlines")) { try client.define("two\nlines", in: "db") }
  }

  @Test func aClosedConnectionIsReopenedOnce() throws {
    let fake = try FakeDictServer { line in
      if line.hasPrefix("CLIENT") { return .send("250 ok\r\n") }
      return .sendAndClose("552 no match\r\n")
    }
    defer { fake.stop() }
    let client = DictClient(host: "127.0.0.1", port: fake.port)
    #expect(try client.define("one", in: "db").isEmpty)
    #expect(try client.define("two", in: "db").isEmpty)
    #expect(fake.connections == 2)
  }

  /// Every bad answer is a clear error, within the timeout, never a hang.
  @Test(arguments: [
    ("hello there\r\n", "", "not a status line"),
    ("220 hi\r\n", "150 1 found\r\nnot a status\r\n", "not a status line"),
    ("220 hi\r\n", "150 1 found\r\n151 onlyword\r\n", "151 without word and database"),
    ("220 hi\r\n", "150 1 found\r\n151 \"w\" db \"d\"\r\nhalf a definit", "closed the connection"),
    ("220 hi\r\n", "420 server temporarily unavailable\r\n", "said 420"),
    ("220 hi\r\n", "SLOW", "did not answer within 0.3 s"),
    ("SLOW", "", "did not answer within 0.3 s"),
  ])
  func badAnswersAreClearErrors(banner: String, reply: String, message: String) throws {
    let fake = try FakeDictServer(banner: banner == "SLOW" ? "" : banner) { line in
      if line.hasPrefix("CLIENT") { return .send("250 ok\r\n") }
      return reply == "SLOW" ? .silence : .sendAndClose(reply)
    }
    defer { fake.stop() }
    let client = DictClient(host: "127.0.0.1", port: fake.port, timeout: 0.3)
    let started = Date()
    do {
      _ = try client.define("word", in: "db")
      Issue.record("no error for \(reply)")
    } catch let error as LexikonError {
      #expect(error.description.contains(message), "\(error)")
    }
    #expect(Date().timeIntervalSince(started) < 3, "a bad answer must not hang past the timeout")
  }

  @Test func anUnreachableServerAndBadAddressesAreClearErrors() throws {
    let client = DictClient(host: "127.0.0.1", port: try DictdServer.freePort())
    #expect {
      try client.databases()
    } throws: { error in
      guard case .unreachable(_, let reason) = error as? LexikonError else { return false }
      return reason.contains("refused")
    }
    #expect(throws: LexikonError.badServerAddress("host:port")) { try DictClient(address: "host:port") }
    #expect(throws: LexikonError.badServerAddress(":2628")) { try DictClient(address: ":2628") }
    #expect(try DictClient(address: "dict.example").server == "dict.example:2628")
  }
}
