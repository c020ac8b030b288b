import AppSupport
import Foundation
import GRDB

extension ShareSynchStore {
  /// Makes the series folders and the database agree, whatever happened to either (a database
  /// restored from a backup or deleted, an install killed half-way, a folder removed by hand):
  /// staging folders of killed installs are removed; a folder with a readable manifest and all its
  /// files but no row is adopted (registered again, with its original variation); a folder that
  /// cannot be adopted is moved to `unusable/` beside the series; a row whose folder is gone is
  /// dropped, unless the whole series folder is gone (then nothing is dropped). Returns one
  /// sentence per thing done, for the log.
  public func reconcile() async throws -> [String] {
    let manager = FileManager.default
    var done: [String] = []
    let names = ((try? manager.contentsOfDirectory(atPath: seriesRoot.path)) ?? []).sorted()
    for name in names where name.hasPrefix(SeriesPackage.stagingPrefix) {
      try? manager.removeItem(at: seriesRoot.appendingPathComponent(name))
      done.append("removed \(name), left by an install that did not finish")
    }
    let rows = Set(
      try await writer.read { db in try String.fetchAll(db, SeriesSummary.select(SeriesSummary.Columns.id)) })
    let folders = names.filter { !$0.hasPrefix(".") && $0 != Self.unusableFolder }
    for name in folders where !rows.contains(name) {
      let folder = seriesRoot.appendingPathComponent(name)
      if let manifest = Self.adoptableManifest(in: folder, named: name) {
        do {
          _ = try await register(manifest)
          done.append("adopted the series \(name), installed but missing from the database")
          continue
        } catch {
          done.append("could not adopt the series \(name): \(error)")
        }
      }
      try moveAside(folder)
      done.append("moved \(name) to \(Self.unusableFolder)/: it is not a complete installed series")
    }
    guard manager.fileExists(atPath: seriesRoot.path) || rows.isEmpty else {
      // The whole series folder is gone (moved, or a drive not mounted): keep the rows, and
      // with them every variation, until it is back.
      return done + [
        "the series folder \(seriesRoot.path) is missing: \(rows.count) series cannot be shown until it is back"
      ]
    }
    for id in rows.sorted() where !folders.contains(id) {
      try await writer.write { db in _ = try SeriesSummary.deleteOne(db, key: id) }
      forgetManifest(id)
      done.append("dropped the series \(id) from the database: its folder is gone (install it again)")
    }
    return done
  }

  /// Where folders that cannot be used are kept (never deleted: they may hold someone's work).
  static let unusableFolder = "unusable"

  private func moveAside(_ folder: URL) throws {
    let aside = seriesRoot.appendingPathComponent(Self.unusableFolder)
    try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: folder, to: aside.appendingPathComponent("\(folder.lastPathComponent)-\(DataFolder.asideStamp())"))
  }

  /// The manifest of an installed series folder when it can be registered again: readable, valid,
  /// with the folder's name as its id and every resource present at its listed size.
  static func adoptableManifest(in folder: URL, named name: String) -> SeriesManifest? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
      let manifest = try? JSONDecoder().decode(SeriesManifest.self, from: data), manifest.id == name,
      manifest.problem() == nil
    else { return nil }
    let complete = manifest.resources.allSatisfy { resource in
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(resource.path).path)
      return (attributes?[.size] as? NSNumber)?.int64Value == resource.size
        && attributes?[.type] as? FileAttributeType == .typeRegular
    }
    return complete ? manifest : nil
  }
}
