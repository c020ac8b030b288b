import Foundation
import ShareSynch

/// ShareSynch's series package: `verify`, then `install` into a scratch folder when it verifies.
let seriesPackageTarget = FuzzTarget(
  "sspkg", "ShareSynch series package (SeriesPackage.verify, then install into a scratch folder)",
  maxLength: 256 << 10, tokens: ["manifest.json", "media/cross.png", "../", "/"], binaryTokens: zipTokens,
  seeds: { _ in
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-seeds-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    return [try Samples.series(in: scratch).package]
  },
  runner: { scratch in
    let file = scratch.file("fuzz.sspkg")
    let root = scratch.file("series")
    return { bytes in
      guard (try? Data(bytes).write(to: file)) != nil, (try? SeriesPackage.verify(file)) != nil else { return }
      if let manifest = try? SeriesPackage.install(file, into: root, freeSpace: { _ in 1 << 40 }) {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(manifest.id))
      }
    }
  })
