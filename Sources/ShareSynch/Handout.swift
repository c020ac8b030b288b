import Foundation

/// What a sermon's printed handout shows (seed A.3.3, "print or email"): the title, and for each
/// visible slide its number, its picture (or what stands for a video) with the overlay text in
/// the slide language, and the user's notes as edited in the note language. A renderer draws it.
public struct Handout: Sendable, Equatable {
  /// The sermon's title in the note language (else the slide language, another, or its id).
  public let title: String
  /// The series' name.
  public let seriesName: String
  /// The note language (BCP 47), for the renderer's language-sensitive shaping.
  public let noteLanguage: String
  /// The visible slides, in presentation order.
  public let slides: [Slide]

  /// One visible slide of the handout.
  public struct Slide: Sendable, Equatable {
    /// Its number as the presenter's counter shows it (1-based among visible slides).
    public let number: Int
    /// What it shows.
    public let kind: SeriesManifest.Kind
    /// Its picture or video file (nil: nothing to show, as for a text-only appeal with no image).
    public let resource: URL?
    /// The overlay text drawn over the picture, in the slide language.
    public let overlay: SeriesManifest.Overlay?
    /// The notes as paragraphs and list items.
    public let notes: [NoteBlock]
  }

  /// A paragraph or list item of notes, as Pango markup (`b`, `i`, `u`, `s` and escaped text).
  public struct NoteBlock: Sendable, Equatable {
    /// The text with its formatting.
    public let markup: String
    /// How deep in lists it is (0: a paragraph).
    public let listLevel: Int
  }
}

extension Handout {
  /// Splits sanitised notes into blocks: each `<p>`, `<li>` and run of text between them is one;
  /// `<br>` is a line break inside its block. Formatting still open at the end of a block is
  /// closed there and opened again in the next, so every block's markup is well formed on its
  /// own. Empty blocks are left out.
  public static func noteBlocks(_ notesHTML: String) -> [NoteBlock] {
    var blocks: [NoteBlock] = []
    var inline: [String] = []
    var listLevel = 0
    var current = ""
    var hasText = false
    func finish() {
      if hasText {
        let closing = inline.reversed().map { "</\($0)>" }.joined()
        blocks.append(NoteBlock(markup: current + closing, listLevel: listLevel))
      }
      current = inline.map { "<\($0)>" }.joined()
      hasText = false
    }
    for token in HTMLTokens(NotesHTML.sanitize(notesHTML)) {
      switch token {
      case .text(let text):
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter(isMarkupSafe)))
        guard !kept.isEmpty else { continue }
        current += NotesHTML.escape(kept)
        hasText = hasText || !kept.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      case .start("br", _):
        current += "\n"
      case .start(let name, _) where ["b", "i", "u", "s"].contains(name):
        inline.append(name)
        current += "<\(name)>"
      case .start(let name, _):
        finish()
        if name == "ul" { listLevel += 1 }
      case .end(let name) where ["b", "i", "u", "s"].contains(name):
        if inline.last == name {  // sanitised notes are properly nested
          current += "</\(name)>"
          inline.removeLast()
        }
      case .end(let name):
        finish()
        if name == "ul" { listLevel = max(0, listLevel - 1) }
      }
    }
    finish()
    return blocks
  }

  /// Characters Pango's markup (XML) can carry: not the C0 controls other than tab and newline.
  private static func isMarkupSafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x20 || scalar == "\n" || scalar == "\t"
  }
}

extension ShareSynchStore {
  /// The handout of a sermon in the current variation and the series' current languages.
  public func handout(series seriesID: String, sermon sermonID: String) async throws -> Handout {
    let manifest = try manifest(seriesID)
    let sermon = try sermon(seriesID, sermonID)
    let summary = try await summary(seriesID)
    let visible = try await slides(series: seriesID, sermon: sermonID).filter { !$0.hidden }
    let folder = seriesRoot.appendingPathComponent(seriesID)
    let slides = visible.enumerated().map { index, slide in
      Handout.Slide(
        number: index + 1, kind: slide.kind, resource: slide.resource.map { folder.appendingPathComponent($0) },
        overlay: slide.overlay, notes: Handout.noteBlocks(slide.notes))
    }
    return Handout(
      title: sermon.title[summary.noteLanguage] ?? sermon.title(in: summary.slideLanguage), seriesName: manifest.name,
      noteLanguage: summary.noteLanguage, slides: slides)
  }
}
