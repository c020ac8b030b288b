import AppSupport
import Crypto
import Foundation
import ZIPFoundation

/// Series packages: one zip file holding `manifest.json` and the resources it lists. `pack`
/// builds one from a folder; `install` verifies one completely and installs it atomically.
public enum SeriesPackage {
  /// The largest manifest accepted.
  static let manifestLimit: UInt64 = 4 << 20

  /// Why a path inside a package is refused, or nil when it is a plain relative path.
  static func unsafeReason(_ path: String) -> PackageRefusal? {
    if path.isEmpty || path.hasPrefix("/") || path.hasPrefix("~") { return .absolutePath }
    if path.contains("\\") || path.contains("\0") || path.contains(":") { return .forbiddenCharacter }
    if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
      $0 == ".." || $0 == "." || $0.isEmpty
    }) {
      return .leavesFolder
    }
    return nil
  }

  /// The SHA-256 of a file, lowercase hex, read in chunks.
  public static func sha256(of file: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
    return hex(hasher.finalize())
  }

  static func hex(_ digest: SHA256.Digest) -> String { digest.map { String(format: "%02x", $0) }.joined() }

  /// Builds a package from `folder`, which holds `series.json` (a manifest without `resources`
  /// and `format`) and the files it names; writes it to `output` and returns its manifest.
  @discardableResult
  public static func pack(folder: URL, to output: URL) throws -> SeriesManifest {
    let description = folder.appendingPathComponent("series.json")
    guard let data = FileManager.default.contents(atPath: description.path) else {
      throw ShareSynchError.badSeriesFolder(path: folder.path, reason: .noSeriesJSON)
    }
    var object: [String: Any]
    do {
      object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    } catch {
      throw ShareSynchError.badSeriesFolder(path: description.path, reason: .seriesJSONNotJSON)
    }
    object["format"] = SeriesManifest.currentFormat
    object["resources"] = []
    let manifest: SeriesManifest
    do {
      manifest = try JSONDecoder().decode(SeriesManifest.self, from: JSONSerialization.data(withJSONObject: object))
    } catch {
      throw ShareSynchError.badSeriesFolder(
        path: description.path, reason: .seriesJSONNotASeries(field: SeriesCatalog.field(of: error)))
    }
    return try write(manifest, filesIn: folder, to: output)
  }

  /// Writes `manifest` as a package to `output` with the files it uses, read from `folder`
  /// (listed with their sizes and SHA-256); returns the manifest as packed.
  @discardableResult
  public static func write(_ manifest: SeriesManifest, filesIn folder: URL, to output: URL) throws -> SeriesManifest {
    var manifest = manifest
    manifest.format = SeriesManifest.currentFormat
    let used = Set(
      manifest.songs.flatMap { [$0.vocal, $0.instrumental, $0.image].compactMap { $0 } }
        + manifest.sermons.flatMap { $0.slides.flatMap(\.files) }
        + (manifest.variations ?? []).flatMap { $0.sermons.values.flatMap { $0.compactMap(\.resource) } }
    ).sorted()
    manifest.resources = try used.map { path in
      if let reason = unsafeReason(path) { throw ShareSynchError.badSeriesFolder(path: path, reason: reason) }
      let file = folder.appendingPathComponent(path)
      let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey])
      guard values?.isRegularFile == true, values?.isSymbolicLink != true, let size = values?.fileSize else {
        throw ShareSynchError.badSeriesFolder(path: path, reason: .missingOrNotAPlainFile)
      }
      if let problem = SlideMedia.problem(
        path: path, head: try FileHandle(forReadingFrom: file).readHead(SlideMedia.headLength))
      {
        throw ShareSynchError.badSeriesFolder(path: path, reason: problem)
      }
      return .init(path: path, size: Int64(size), sha256: try sha256(of: file))
    }
    if let problem = manifest.problem() {
      throw ShareSynchError.badSeriesFolder(path: folder.path, reason: .manifest(problem))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let manifestData = try encoder.encode(manifest)
    try? FileManager.default.removeItem(at: output)
    let archive = try Archive(url: output, accessMode: .create)
    try archive.addEntry(
      with: "manifest.json", type: .file, uncompressedSize: Int64(manifestData.count), compressionMethod: .deflate
    ) { position, size in manifestData.subdata(in: Int(position)..<Int(position) + size) }
    for resource in manifest.resources {
      try archive.addEntry(with: resource.path, relativeTo: folder, compressionMethod: .none)
    }
    return manifest
  }

  /// The checksum published for `file`: `expected` when given (from a catalog), else the first
  /// word of `FILE.sha256` beside it, else nil.
  static func publishedChecksum(for file: URL, expected: String?) -> String? {
    if let expected { return expected.lowercased() }
    let beside = URL(fileURLWithPath: file.path + ".sha256")
    guard let text = try? String(contentsOf: beside, encoding: .utf8) else { return nil }
    return checksum(inSHA256File: text)
  }

  /// The checksum a `.sha256` file gives (`sha256sum`'s format: the hex digest first), lowercased.
  public static func checksum(inSHA256File text: String) -> String? {
    text.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() }
  }

  /// Reads and checks a package without installing it: the published checksum (when there is
  /// one), every entry's path and type, the manifest, and every resource's content, size and SHA-256.
  public static func verify(_ file: URL, expectedSHA256: String? = nil) throws -> SeriesManifest {
    let manifest = try openPackage(file, expectedSHA256: expectedSHA256)
    try extractResources(of: file, manifest: manifest, to: nil)
    return manifest
  }

  /// Installs a package into `seriesRoot/ID`: verifies it as `verify` does while extracting into a
  /// staging folder beside, checks free space first (`freeSpace` answers for tests), sanitises the
  /// notes, then renames the staging folder into place. On any failure nothing is left behind.
  public static func install(
    _ file: URL, into seriesRoot: URL, expectedSHA256: String? = nil,
    freeSpace: (URL) -> Int64 = SeriesPackage.freeSpace
  ) throws -> SeriesManifest {
    try FileManager.default.createDirectory(at: seriesRoot, withIntermediateDirectories: true)
    let manifest = try openPackage(file, expectedSHA256: expectedSHA256)
    let destination = seriesRoot.appendingPathComponent(manifest.id)
    guard !FileManager.default.fileExists(atPath: destination.path) else {
      throw ShareSynchError.alreadyInstalled(id: manifest.id)
    }
    let needed = manifest.resources.reduce(Int64(0)) { $0 + $1.size }
    let available = freeSpace(seriesRoot)
    guard needed < available else { throw ShareSynchError.noSpace(needed: needed, available: available) }
    let staging = seriesRoot.appendingPathComponent(stagingPrefix + UUID().uuidString)
    do {
      try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
      try extractResources(of: file, manifest: manifest, to: staging)
      var clean = manifest
      for sermon in clean.sermons.indices {
        for slide in clean.sermons[sermon].slides.indices {
          clean.sermons[sermon].slides[slide].notes = clean.sermons[sermon].slides[slide].notes.mapValues(
            NotesHTML.sanitize)
        }
      }
      clean.variations = clean.variations?.map { variation in
        var variation = variation
        variation.sermons = variation.sermons.mapValues { slides in
          slides.map { slide in
            var slide = slide
            slide.notes = slide.notes.mapValues(NotesHTML.sanitize)
            return slide
          }
        }
        return variation
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try encoder.encode(clean).write(to: staging.appendingPathComponent("manifest.json"))
      do {
        try FileManager.default.moveItem(at: staging, to: destination)
      } catch  where FileManager.default.fileExists(atPath: destination.path) {
        throw ShareSynchError.alreadyInstalled(id: manifest.id)  // another install of it finished first
      }
      return clean
    } catch {
      try? FileManager.default.removeItem(at: staging)
      throw error
    }
  }

  /// The name an install's staging folder starts with; one left behind by a killed install is
  /// removed on start.
  public static let stagingPrefix = ".installing-"

  /// Free bytes on the volume holding `folder` (or that will hold it).
  public static func freeSpace(_ folder: URL) -> Int64 {
    var existing = folder.standardizedFileURL  // a folder not made yet lives on its nearest parent's volume
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    let attributes = try? FileManager.default.attributesOfFileSystem(forPath: existing.path)
    return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
  }

  /// Checks a package before anything is extracted: the published checksum, then every entry
  /// (a safe relative path met once, a plain file or folder, listed by the manifest, no larger
  /// than listed), and the manifest itself. Only the manifest's bytes are inflated here.
  private static func openPackage(_ file: URL, expectedSHA256: String?) throws -> SeriesManifest {
    let name = file.lastPathComponent
    guard FileManager.default.isReadableFile(atPath: file.path) else {
      throw ShareSynchError.badPackage(file: name, reason: .unreadable)
    }
    if let expected = publishedChecksum(for: file, expected: expectedSHA256) {
      let actual = try sha256(of: file)
      guard actual == expected else {
        throw ShareSynchError.checksumMismatch(file: name, expected: expected, actual: actual)
      }
    }
    var entries: [String: Int64?] = [:]
    var manifestData: Data?
    do {
      try ZipReader.read(file: file, limits: ZipLimits(entries: maxEntries, totalBytes: Int64(manifestLimit))) {
        reader in
        while let entry = try reader.nextEntry() {
          if let reason = unsafeReason(entry.path) {
            throw ShareSynchError.unsafeEntry(path: entry.path, reason: reason)
          }
          switch entry.kind {
          case .symbolicLink: throw ShareSynchError.unsafeEntry(path: entry.path, reason: .symbolicLink)
          case .other: throw ShareSynchError.unsafeEntry(path: entry.path, reason: .notAPlainFile)
          case .directory: continue
          case .file:
            guard entries.updateValue(entry.declaredSize, forKey: entry.path) == nil else {
              throw ShareSynchError.unsafeEntry(path: entry.path, reason: .heldTwice)
            }
            if entry.path == "manifest.json" { manifestData = try reader.readData() }
          }
        }
      }
    } catch let error as ZipError {
      switch error.kind {
      case .tooLarge:
        throw ShareSynchError.badPackage(file: name, reason: .manifestTooLarge(limit: Int64(manifestLimit)))
      case .damaged, .tooManyEntries, .refusedEntry:
        throw ShareSynchError.badPackage(file: name, reason: .zip(error.problem))
      }
    }
    guard let manifestData else { throw ShareSynchError.badPackage(file: name, reason: .noManifest) }
    let manifest: SeriesManifest
    do {
      manifest = try JSONDecoder().decode(SeriesManifest.self, from: manifestData)
    } catch {
      throw ShareSynchError.badPackage(file: name, reason: .manifestNotASeries(field: SeriesCatalog.field(of: error)))
    }
    if let problem = manifest.problem() { throw ShareSynchError.badPackage(file: name, reason: .manifest(problem)) }
    let listed = Dictionary(uniqueKeysWithValues: manifest.resources.map { ($0.path, $0) })
    for (path, declared) in entries.sorted(by: { $0.key < $1.key }) where path != "manifest.json" {
      guard let resource = listed[path] else {
        throw ShareSynchError.unsafeEntry(path: path, reason: .notListed)
      }
      if let declared, declared != resource.size {
        throw ShareSynchError.badResource(path: path, reason: .sizeMismatch(actual: declared, listed: resource.size))
      }
    }
    if let missing = manifest.resources.first(where: { entries[$0.path] == nil }) {
      throw ShareSynchError.badResource(path: missing.path, reason: .missing)
    }
    return manifest
  }

  /// The most entries a package may have.
  static let maxEntries = 20_000

  /// Streams every resource out of the package (into `folder`, or only through the hash), each
  /// checked as it goes: no more bytes than listed, a picture or video by its content and name,
  /// then its size and SHA-256.
  private static func extractResources(of file: URL, manifest: SeriesManifest, to folder: URL?) throws {
    let listed = Dictionary(uniqueKeysWithValues: manifest.resources.map { ($0.path, $0) })
    let total = manifest.resources.reduce(Int64(manifestLimit)) { $0 + $1.size }
    do {
      try ZipReader.read(file: file, limits: ZipLimits(entries: maxEntries, entryBytes: total, totalBytes: total)) {
        reader in
        while let entry = try reader.nextEntry() {
          guard entry.kind == .file, let resource = listed[entry.path] else { continue }
          try extract(resource, from: reader, to: folder?.appendingPathComponent(resource.path))
        }
      }
    } catch let error as ZipError {
      throw ShareSynchError.badPackage(file: file.lastPathComponent, reason: .zip(error.problem))
    }
  }

  /// Streams the open entry to `destination` (or only through the hash), refusing it as soon as
  /// it outgrows its listed size or its first bytes are not a slide's media type.
  private static func extract(_ resource: SeriesManifest.Resource, from reader: ZipReader, to destination: URL?)
    throws
  {
    var hasher = SHA256()
    var head = Data()
    var handle: FileHandle?
    if let destination {
      try FileManager.default.createDirectory(
        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: destination.path, contents: nil)
      handle = try FileHandle(forWritingTo: destination)
    }
    defer { try? handle?.close() }
    var written: Int64 = 0
    do {
      try reader.readData { chunk in
        written += Int64(chunk.count)
        guard written <= resource.size else {
          throw ShareSynchError.badResource(path: resource.path, reason: .largerThanListed)
        }
        if head.count < SlideMedia.headLength {
          head.append(contentsOf: chunk.prefix(SlideMedia.headLength - head.count))
        }
        hasher.update(bufferPointer: chunk)
        try handle?.write(contentsOf: chunk)
      }
    } catch let error as ZipError {
      throw ShareSynchError.badResource(path: resource.path, reason: .damaged(error.problem))
    }
    guard written == resource.size else {
      throw ShareSynchError.badResource(
        path: resource.path, reason: .sizeMismatch(actual: written, listed: resource.size))
    }
    let digest = hex(hasher.finalize())
    guard digest == resource.sha256.lowercased() else {
      throw ShareSynchError.badResource(path: resource.path, reason: .checksumMismatch)
    }
    if let problem = SlideMedia.problem(path: resource.path, head: head) {
      throw ShareSynchError.badResource(path: resource.path, reason: problem)
    }
  }
}
