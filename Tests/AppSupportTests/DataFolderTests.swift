import Foundation
import Testing

@testable import AppSupport

@Suite struct DataFolderTests {
  @Test func optionWinsOverEnvironment() {
    let folder = DataFolder(option: "/tmp/a", environment: ["SCRIPTORIUM_DATA": "/tmp/b", "XDG_DATA_HOME": "/tmp/c"])
    #expect(folder.url.path == "/tmp/a")
  }

  @Test func environmentWinsOverXDG() {
    let folder = DataFolder(option: nil, environment: ["SCRIPTORIUM_DATA": "/tmp/b", "XDG_DATA_HOME": "/tmp/c"])
    #expect(folder.url.path == "/tmp/b")
  }

  @Test func xdgThenHome() {
    #expect(DataFolder(option: nil, environment: ["XDG_DATA_HOME": "/tmp/c"]).url.path == "/tmp/c/scriptorium")
    #expect(DataFolder(option: nil, environment: ["HOME": "/home/u"]).url.path == "/home/u/.local/share/scriptorium")
  }

  @Test func createdOnFirstUse() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("df-\(UUID().uuidString)/deep")
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let path = try DataFolder(option: root.path).database("keyit.sqlite")
    #expect(path == root.appendingPathComponent("keyit.sqlite").path)
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("inbox").path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }
}

@Suite struct UnusableDatabaseTests {
  @Test func aFileThatIsNotSQLiteIsSetAsideAndADatabaseIsLeft() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = DataFolder(option: root.path)
    try folder.prepare()
    try Data("not a database at all".utf8).write(to: root.appendingPathComponent("keyit.sqlite"))
    try Data("wal".utf8).write(to: root.appendingPathComponent("keyit.sqlite-wal"))
    try Data("SQLite format 3\0rest".utf8).write(to: root.appendingPathComponent("phrasebook.sqlite"))
    let aside = try #require(try folder.setAsideIfNotSQLite("keyit.sqlite"))
    #expect(aside.hasPrefix("keyit.sqlite.unusable-"))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("keyit.sqlite").path))
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(aside + "-wal").path))
    #expect(try folder.setAsideIfNotSQLite("phrasebook.sqlite") == nil)
    #expect(try folder.setAsideIfNotSQLite("lexikon.sqlite") == nil, "absent")
  }

  @Test func aFolderThatCannotBeMadeSaysWhatIsInTheWay() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("df-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let file = root.appendingPathComponent("file")
    try Data("in the way".utf8).write(to: file)
    let folder = file.appendingPathComponent("data")
    #expect(throws: DataFolderError(folder: folder.path, problem: .fileInTheWay(path: file.path))) {
      try DataFolder(option: folder.path).database("keyit.sqlite")
    }
    #expect(DataFolderError.diagnose(root.appendingPathComponent("new/deeper")) == .other)
  }
}
