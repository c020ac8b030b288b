import Foundation
import Testing
import ZIPFoundation

@testable import ShareSynch

/// Packing, verifying and installing series packages, and every failure leaving nothing behind.
@Suite struct SeriesPackageTests {
  let fixture: SeriesFixture
  var folder: URL { fixture.folder }
  var root: URL { fixture.root }

  init() throws { fixture = try SeriesFixture() }

  func package() throws -> URL { try fixture.package() }

  /// What is in the install folder (staging folders included).
  func installed() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.sorted() ?? [] }

  @Test func packVerifyAndInstall() throws {
    let file = try package()
    let manifest = try SeriesPackage.verify(file)
    #expect(manifest.resources.map(\.path) == ["media/appeal.mp4", "media/cross.png", "media/hills.jpg"])
    #expect(manifest.resources[1].size == 2_000 && manifest.resources[1].sha256.count == 64)
    try "\(try SeriesPackage.sha256(of: file))  grace.sspkg\n".write(
      to: URL(fileURLWithPath: file.path + ".sha256"), atomically: true, encoding: .utf8)
    let installedManifest = try SeriesPackage.install(file, into: root)
    #expect(installed() == ["grace"])
    #expect(installedManifest.sermons[0].slides[0].notes["en"] == "<b>Welcome</b>", "notes are sanitised on install")
    let copied = root.appendingPathComponent("grace/media/hills.jpg")
    #expect(try SeriesPackage.sha256(of: copied) == manifest.resources[2].sha256)
    #expect(throws: ShareSynchError.alreadyInstalled(id: "grace")) { try SeriesPackage.install(file, into: root) }
  }

  @Test func aWrongChecksumIsRefused() throws {
    let file = try package()
    try "0000  grace.sspkg\n".write(to: URL(fileURLWithPath: file.path + ".sha256"), atomically: true, encoding: .utf8)
    #expect(throws: ShareSynchError.self) { try SeriesPackage.install(file, into: root) }
    #expect {
      try SeriesPackage.install(file, into: root, expectedSHA256: String(repeating: "a", count: 64))
    } throws: { ($0 as? ShareSynchError).map { if case .checksumMismatch = $0 { true } else { false } } ?? false }
    #expect(installed().isEmpty)
  }

  @Test func aTruncatedPackageIsRefused() throws {
    let file = try package()
    let data = try Data(contentsOf: file)
    try data.prefix(data.count / 2).write(to: file)
    #expect {
      try SeriesPackage.install(file, into: root)
    } throws: { error in
      guard case .badPackage("grace.sspkg", .zip) = error as? ShareSynchError else { return false }
      return true
    }
    #expect(installed().isEmpty)
  }

  /// Rewrites the package: `change` gets the manifest and the entries and returns new ones.
  func rebuilt(
    _ change: (inout SeriesManifest, inout [(path: String, data: Data, type: Entry.EntryType)]) -> Void
  ) throws -> URL {
    let file = try package()
    let archive = try Archive(url: file, accessMode: .read)
    var manifest = try SeriesPackage.verify(file)
    var entries: [(path: String, data: Data, type: Entry.EntryType)] = []
    for entry in archive where entry.path != "manifest.json" {
      var data = Data()
      _ = try archive.extract(entry) { data.append($0) }
      entries.append((entry.path, data, entry.type))
    }
    change(&manifest, &entries)
    let output = folder.deletingLastPathComponent().appendingPathComponent("changed.sspkg")
    try? FileManager.default.removeItem(at: output)
    let rewritten = try Archive(url: output, accessMode: .create)
    let manifestData = try JSONEncoder().encode(manifest)
    for (path, data, type) in [("manifest.json", manifestData, Entry.EntryType.file)] + entries {
      try rewritten.addEntry(with: path, type: type, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return output
  }

  @Test func unsafeMissingTamperedAndUnlistedEntriesAreRefused() throws {
    let cases: [(String, (inout SeriesManifest, inout [(path: String, data: Data, type: Entry.EntryType)]) -> Void)] = [
      ("leaves its folder (zip-slip)", { _, entries in entries.append(("../../evil.sh", Data("x".utf8), .file)) }),
      ("an absolute or empty path", { _, entries in entries.append(("/etc/evil", Data("x".utf8), .file)) }),
      ("is a symbolic link", { _, entries in entries.append(("media/link", Data("/etc/passwd".utf8), .symlink)) }),
      ("does not list it", { _, entries in entries.append(("media/extra.bin", Data("x".utf8), .file)) }),
      ("cross.png: it is missing", { _, entries in entries.removeAll { $0.path == "media/cross.png" } }),
      (
        "does not match its SHA-256",
        { _, entries in
          let index = entries.firstIndex { $0.path == "media/cross.png" }!
          entries[index].data[10] ^= 0xFF
        }
      ),
      (
        "1002000 bytes, the manifest says 2000",
        { _, entries in
          let index = entries.firstIndex { $0.path == "media/cross.png" }!
          entries[index].data.append(contentsOf: [UInt8](repeating: 0, count: 1_000_000))
        }
      ),
      ("../x is not allowed", { manifest, _ in manifest.resources[0].path = "../x" }),
    ]
    for (name, change) in cases {
      let file = try rebuilt(change)
      do {
        _ = try SeriesPackage.install(file, into: root)
        Issue.record("\(name): installed")
      } catch let error as ShareSynchError {
        #expect(error.description.contains(name), "\(error)")
      }
      #expect(installed().isEmpty, "\(name) left something behind")
      #expect(
        !FileManager.default.fileExists(
          atPath: folder.deletingLastPathComponent().appendingPathComponent("evil.sh").path))
    }
  }

  @Test func noSpaceIsCheckedFirst() throws {
    let file = try package()
    #expect(throws: ShareSynchError.noSpace(needed: 10_000, available: 5_000)) {
      try SeriesPackage.install(file, into: root, freeSpace: { _ in 5_000 })
    }
    #expect(installed().isEmpty)
  }

  @Test func packingRefusesBadFolders() throws {
    try FileManager.default.removeItem(at: folder.appendingPathComponent("media/cross.png"))
    #expect(
      throws: ShareSynchError.badSeriesFolder(path: "media/cross.png", reason: .missingOrNotAPlainFile)
    ) {
      try package()
    }
    #expect(SeriesPackage.unsafeReason("media/../x") != nil && SeriesPackage.unsafeReason("media/x.png") == nil)
  }

  @Test func anOverlayColourThatIsNotHexIsRefused() throws {
    let description = folder.appendingPathComponent("series.json")
    let text = try String(contentsOf: description, encoding: .utf8)
    try text.replacingOccurrences(of: "#ffffff", with: "red; background-image: url(https://tracker.example/)")
      .write(to: description, atomically: true, encoding: .utf8)
    #expect(
      performing: { try package() },
      throws: { error in
        "\(error)".contains("the overlay colour red; background-image") && "\(error)".contains("is not #rrggbb")
      })
  }
}
