import Foundation

/// One input `scriptorium-fuzz` found, kept in `Tests/Fixtures/fuzz/TARGET/` so that a test runs
/// the parser on it again.
public struct FuzzFixture: Sendable {
  /// The file's name.
  public let name: String
  /// Its bytes.
  public let data: Data
  /// Its bytes as UTF-8 text (invalid bytes replaced), as the parsers that take text get it.
  public var text: String { String(decoding: data, as: UTF8.self) }
}

/// The saved inputs of one fuzz target, by name; none when the folder is missing.
public func fuzzFixtures(_ target: String) -> [FuzzFixture] {
  let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz/\(target)")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.sorted().compactMap { name in
    FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map {
      FuzzFixture(name: name, data: $0)
    }
  }
}
