import Foundation

@testable import ShareSynch

/// A small series folder (three media files; a sermon of an image, an overlay and an appeal slide
/// and a second sermon of one slide; notes in English and Spanish) in a temporary folder, and where to install it.
struct SeriesFixture {
  let folder: URL
  let root: URL

  /// The first bytes that make a file of this name's type (pictures and videos are checked by
  /// content on install).
  static func signature(of name: String) -> [UInt8] {
    switch (name as NSString).pathExtension {
    case "png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    case "jpg": [0xFF, 0xD8, 0xFF, 0xE0]
    case "mp4": [0, 0, 0, 0x18] + Array("ftypisom".utf8)
    default: []
    }
  }

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-\(UUID().uuidString)")
    folder = base.appendingPathComponent("source")
    root = base.appendingPathComponent("installed")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    for (name, size) in [("media/cross.png", 2_000), ("media/hills.jpg", 3_000), ("media/appeal.mp4", 5_000)] {
      var bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ name.count) }
      let signature = Self.signature(of: name)
      bytes.replaceSubrange(0..<signature.count, with: signature)
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let series: [String: Any] = [
      "id": "grace", "name": "Grace", "slideLanguages": ["en", "es"], "noteLanguages": ["en", "es"],
      "songs": [["id": "amazing", "name": "Amazing Grace", "vocal": "media/appeal.mp4", "image": "media/hills.jpg"]],
      "sermons": [
        [
          "id": "one", "title": ["en": "Saved by grace", "es": "Salvos por gracia"],
          "appeal": ["type": "vocal", "song": "amazing"],
          "slides": [
            [
              "id": "s1", "kind": "image", "resource": "media/cross.png",
              "notes": ["en": "<b>Welcome</b><script>x()</script>", "es": "Bienvenidos"],
            ],
            [
              "id": "s2", "kind": "overlay", "resource": "media/hills.jpg", "notes": ["en": "Read it", "es": "Léelo"],
              "overlays": [
                "en": [
                  "text": "By grace", "x": 10, "y": 20, "width": 300, "height": 80, "font": "Noto Sans", "size": 32,
                  "color": "#ffffff",
                ]
              ],
            ],
            [
              "id": "s3", "kind": "appeal",
              "notes": ["en": "&lt;C&gt;Come&lt;c&gt;&lt;R&gt;Pray", "es": "&lt;C&gt;Ven&lt;c&gt;"],
            ],
          ],
        ],
        [
          "id": "two", "title": ["en": "Kept by grace"], "appeal": ["type": "text", "song": "amazing"],
          "slides": [
            ["id": "t1", "kind": "image", "resource": "media/cross.png", "notes": ["en": "Kept", "es": "Guardados"]]
          ],
        ],
      ],
    ]
    try JSONSerialization.data(withJSONObject: series).write(to: folder.appendingPathComponent("series.json"))
  }

  /// Packs the folder into `grace.sspkg` beside it.
  func package() throws -> URL {
    let file = folder.deletingLastPathComponent().appendingPathComponent("grace.sspkg")
    try SeriesPackage.pack(folder: folder, to: file)
    return file
  }

}
