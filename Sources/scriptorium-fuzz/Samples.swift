import Foundation
import ShareSynch

/// Small valid inputs built for the fuzzer where no real file exists: a series package (packed by
/// ShareSynch itself from a folder of two 1×1 PNG pictures), and tiny pictures.
enum Samples {
  /// Two different 1×1 PNG pictures.
  static let pictures = [
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4IScHAAK2AQU0pnWqAAAAAElFTkSuQmCC",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQkzsBAAFiAQURG6MhAAAAAElFTkSuQmCC",
  ].map { Data(base64Encoded: $0)! }

  /// Speaker notes in the shapes the sanitiser meets: kept formats, lists, entities, comments and
  /// what it must drop.
  static let notes = [
    "<p><b>Welcome</b> and <i>peace</i></p><ul><li>one</li><li>two <u>three</u></li></ul>",
    "<b>Welcome</b><script>x()</script><br/>Line &amp; line&#x263A;&#9731;",
    "&lt;C&gt;Come&lt;c&gt;&lt;R&gt;Pray",
    "<div>Para<strong>strong<em>both</strong>em</em></div><ol><li>a<li>b</ol><!-- c --><p>",
    "<svg onload=alert(1)><p>x</p></svg><s>gone</s> <del>del</del> <a href=\"javascript:x\">link</a>",
    "<p title='a > b'>quoted</p><style>p{}</style><?xml x?><!DOCTYPE html>text<br>",
  ]

  /// A packed series: its manifest's JSON and the package's bytes. Packed in `scratch`.
  static func series(in scratch: URL) throws -> (manifest: [UInt8], package: [UInt8]) {
    let folder = scratch.appendingPathComponent("series-source")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    try pictures[0].write(to: folder.appendingPathComponent("media/cross.png"))
    try pictures[1].write(to: folder.appendingPathComponent("media/hills.png"))
    let overlay: [String: Any] = [
      "text": "By grace", "x": 0, "y": 0, "width": 1, "height": 1, "font": "Noto Sans", "size": 12, "color": "#ffffff",
    ]
    let series: [String: Any] = [
      "id": "grace", "name": "Grace", "slideLanguages": ["en", "es"], "noteLanguages": ["en", "es"],
      "songs": [["id": "amazing", "name": "Amazing Grace", "image": "media/hills.png"]],
      "sermons": [
        [
          "id": "one", "title": ["en": "Saved by grace", "es": "Salvos por gracia"],
          "appeal": ["type": "text", "song": "amazing"],
          "slides": [
            ["id": "s1", "kind": "image", "resource": "media/cross.png", "notes": ["en": notes[0], "es": notes[1]]],
            [
              "id": "s2", "kind": "overlay", "resource": "media/hills.png", "notes": ["en": notes[3]],
              "overlays": ["en": overlay], "hidden": true,
            ],
            ["id": "s3", "kind": "appeal", "notes": ["en": notes[2], "es": "&lt;C&gt;Ven&lt;c&gt;"]],
          ],
        ]
      ],
    ]
    try JSONSerialization.data(withJSONObject: series).write(to: folder.appendingPathComponent("series.json"))
    let package = scratch.appendingPathComponent("grace.sspkg")
    let manifest = try SeriesPackage.pack(folder: folder, to: package)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (Array(try encoder.encode(manifest)), withFixedTimes(Array(try Data(contentsOf: package))))
  }

  /// A zip with every entry's modification time and date set to 1980-01-01 00:00 (local headers
  /// hold them at offset 10, central directory headers at 12), so a seed packed today is the same
  /// bytes as one packed tomorrow and a seed number always means the same inputs.
  static func withFixedTimes(_ zip: [UInt8]) -> [UInt8] {
    var bytes = zip
    for index in bytes.indices.dropLast(16) where bytes[index] == 0x50 && bytes[index + 1] == 0x4B {
      let field: Int? =
        switch (bytes[index + 2], bytes[index + 3]) {
        case (3, 4): 10
        case (1, 2): 12
        default: nil
        }
      if let field { bytes.replaceSubrange(index + field..<index + field + 4, with: [0, 0, 0x21, 0]) }
    }
    return bytes
  }
}

/// Tokens every JSON format shares.
let jsonTokens = [
  "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "-0", "1e999", "\"\\u0000\"", "\\ud800", "\\\"", "{}",
  "[]", "\"\"",
]

/// Signatures and names of zip files (local header, central directory, end record, zip64).
let zipTokens: [[UInt8]] = [
  [0x50, 0x4B, 3, 4], [0x50, 0x4B, 1, 2], [0x50, 0x4B, 5, 6], [0x50, 0x4B, 6, 6],
  [0x50, 0x4B, 6, 7], [0x50, 0x4B, 7, 8], [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [8, 0], [0, 0],
]
