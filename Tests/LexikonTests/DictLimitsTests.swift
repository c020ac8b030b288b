import Foundation
import Testing

@testable import Lexikon

/// A DICT server cannot grow memory or the cache: answers and lines past their limits are refused.
@Suite struct DictLimitsTests {
  func client(answering body: String) throws -> (DictClient, FakeDictServer) {
    let fake = try FakeDictServer { line in
      if line.hasPrefix("CLIENT") { return .send("250 ok\r\n") }
      return .send(body)
    }
    return (DictClient(host: "127.0.0.1", port: fake.port, timeout: 20), fake)
  }

  @Test func aThirtyMegabyteDefinitionIsRefused() throws {
    let line = String(repeating: "x", count: 999) + "\r\n"
    let body =
      "150 1 definitions retrieved\r\n151 \"big\" db \"Fake\"\r\n" + String(repeating: line, count: 30_000)
      + ".\r\n250 ok\r\n"
    let (client, fake) = try client(answering: body)
    defer { fake.stop() }
    #expect(
      performing: { _ = try client.define("big", in: "db") },
      throws: { "\($0)".contains("the answer is longer than 4 MiB") })
  }

  @Test func aLineWithoutEndIsRefused() throws {
    let (client, fake) = try client(
      answering: "150 1 definitions retrieved\r\n" + String(repeating: "y", count: 1 << 20))
    defer { fake.stop() }
    #expect(
      performing: { _ = try client.define("long", in: "db") },
      throws: { "\($0)".contains("a line is longer than 64 KiB") })
  }

  @Test func refusalsEchoOnlyAnExcerptOfWhatTheServerSent() throws {
    let (client, fake) = try client(answering: "299 " + String(repeating: "z", count: 10_000) + "\r\n")
    defer { fake.stop() }
    #expect(
      performing: { _ = try client.define("odd", in: "db") },
      throws: { "\($0)".count < 300 })
  }
}
