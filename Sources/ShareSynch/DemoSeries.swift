import Foundation

/// The demo series a fresh data folder gets (seed A.3.2): one sermon of nine slides — pictures
/// drawn in code, two with text drawn over them, one hidden, a short video, and an appeal whose
/// song has vocal and instrumental videos (made by `scripts/make-demo-videos.sh`) — with notes in
/// English and Spanish. It is hidden once a real series is installed.
public enum DemoSeries {
  /// The demo's series id.
  public static let id = "demo"

  /// Writes the demo's folder (`series.json` and its pictures) into `folder`.
  static func write(to folder: URL) throws {
    let media = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    let palettes: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = [
      ((20, 40, 90), (120, 160, 220)), ((90, 40, 20), (240, 190, 120)), ((10, 70, 50), (140, 210, 170)),
      ((60, 20, 80), (200, 150, 230)), ((30, 30, 30), (160, 160, 160)), ((80, 60, 10), (250, 220, 120)),
      ((10, 50, 80), (250, 250, 250)),
    ]
    for (number, palette) in palettes.enumerated() {
      var picture = GeneratedPicture(width: 640, height: 360, top: palette.0, bottom: palette.1)
      picture.fill(x: 0, y: 270, width: 640, height: 90, (palette.0.0 / 2, palette.0.1 / 2, palette.0.2 / 2))
      picture.disc(centerX: 120 + number * 60, centerY: 110, radius: 40, (250, 240, 200))
      try picture.png().write(to: media.appendingPathComponent("slide\(number + 1).png"))
    }
    for video in ["demo-video", "demo-hymn-vocal", "demo-hymn-instrumental"] {
      guard let file = Bundle.module.url(forResource: video, withExtension: "webm", subdirectory: "Resources") else {
        throw ShareSynchError.badResource(path: "\(video).webm", reason: .demoVideoMissing)
      }
      try FileManager.default.copyItem(at: file, to: media.appendingPathComponent("\(video).webm"))
    }
    let overlay: (String) -> [String: Any] = { text in
      [
        "text": text, "x": 40, "y": 150, "width": 560, "height": 90, "font": "Noto Sans", "size": 44,
        "color": "#ffffff",
      ]
    }
    func slide(_ id: String, _ kind: String, _ picture: String?, _ english: String, _ spanish: String) -> [String: Any]
    {
      var slide: [String: Any] = ["id": id, "kind": kind, "notes": ["en": english, "es": spanish]]
      if let picture { slide["resource"] = "media/\(picture)" + (kind == "video" ? ".webm" : ".png") }
      return slide
    }
    var overlaid = slide(
      "grace", "overlay", "slide3", "<p>Read the verse aloud, slowly.</p>",
      "<p>Lea el versículo en voz alta, despacio.</p>")
    overlaid["overlays"] = ["en": overlay("Grace upon grace"), "es": overlay("Gracia sobre gracia")]
    var promise = slide(
      "promise", "overlay", "slide6", "<p>Let the words stay on screen for a moment.</p>",
      "<p>Deje las palabras en pantalla un momento.</p>")
    promise["overlays"] = ["en": overlay("He is faithful"), "es": overlay("Él es fiel")]
    var hidden = slide(
      "extra", "image", "slide5", "<p>An optional illustration.</p>", "<p>Una ilustración opcional.</p>")
    hidden["hidden"] = true
    let longNotes = (1...6).map {
      "<p>Point \($0): take time to explain this in your own words, with an example from daily life.</p>"
    }
    .joined()
    let series: [String: Any] = [
      "id": id, "name": "Demo", "slideLanguages": ["en", "es"], "noteLanguages": ["en", "es"],
      "songs": [
        [
          "id": "hymn", "name": "Demo hymn", "image": "media/slide7.png", "vocal": "media/demo-hymn-vocal.webm",
          "instrumental": "media/demo-hymn-instrumental.webm",
        ]
      ],
      "sermons": [
        [
          "id": "welcome", "title": ["en": "Grace upon grace", "es": "Gracia sobre gracia"],
          "appeal": ["type": "vocal", "song": "hymn"],
          "slides": [
            slide(
              "title", "image", "slide1", "<p><b>Welcome.</b> Introduce yourself.</p>",
              "<p><b>Bienvenidos.</b> Preséntese.</p>"),
            slide("story", "image", "slide2", longNotes, "<p>Cuente la historia con sus propias palabras.</p>"),
            overlaid,
            slide(
              "points", "image", "slide4",
              "<ul><li><b>Given</b>, not earned</li><li><i>For everyone</i></li><li><u>Today</u></li></ul>",
              "<ul><li><b>Dada</b>, no ganada</li><li><i>Para todos</i></li><li><u>Hoy</u></li></ul>"),
            hidden,
            promise,
            slide(
              "river", "video", "demo-video", "<p>Let the video play; say nothing until it ends.</p>",
              "<p>Deje correr el video; no diga nada hasta que termine.</p>"),
            slide(
              "appeal", "appeal", nil,
              "Invite quietly. &lt;C&gt;Come as you are&lt;c&gt; Pause. &lt;C&gt;He is waiting&lt;c&gt;&lt;R&gt;Close in prayer.",
              "Invite con calma. &lt;C&gt;Ven tal como eres&lt;c&gt; &lt;C&gt;Él te espera&lt;c&gt;&lt;R&gt;Termine en oración."
            ),
            slide("end", "image", "slide1", "<p>Thank everyone.</p>", "<p>Agradezca a todos.</p>"),
          ],
        ]
      ],
    ]
    try JSONSerialization.data(withJSONObject: series, options: [.sortedKeys]).write(
      to: folder.appendingPathComponent("series.json"))
  }
}

extension ShareSynchStore {
  /// Installs the demo series when no series is installed yet (a fresh data folder); true when it did.
  @discardableResult
  public func installDemoIfEmpty() async throws -> Bool {
    guard try await writer.read({ db in try SeriesSummary.fetchCount(db) }) == 0 else { return false }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    try DemoSeries.write(to: work.appendingPathComponent("demo"))
    let package = work.appendingPathComponent("demo.sspkg")
    try SeriesPackage.pack(folder: work.appendingPathComponent("demo"), to: package)
    _ = try await install(package)
    return true
  }
}
