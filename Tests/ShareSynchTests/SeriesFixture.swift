import Foundation

@testable import ShareSynch

/// A small series folder (three media files; a sermon of an image, an overlay and an appeal slide
/// and a second sermon of one slide; notes in English and Spanish) in a temporary folder, and where to install it.
struct SeriesFixture {
  let folder: URL
  let root: URL

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-\(UUID().uuidString)")
    folder = base.appendingPathComponent("source")
    root = base.appendingPathComponent("installed")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    for (name, size) in [("media/cross.png", 2_000), ("media/hills.jpg", 3_000), ("media/appeal.mp4", 5_000)] {
      try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ name.count) }).write(
        to: folder.appendingPathComponent(name))
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
