import Foundation
import ShareSynch
import ZIPFoundation

/// Reads an `.odp` file's own `content.xml`: each `draw:page` in order, hidden when its page
/// style says `presentation:visibility="hidden"`, its title frame, its `presentation:notes`
/// with the text styles' bold, italic, underline and line-through, and lists as bullets.
enum ImpressOutline {
  static func read(_ file: URL) throws -> DeckOutline {
    let name = file.lastPathComponent
    guard let archive = try? Archive(url: file, accessMode: .read) else {
      throw ShareSynchError.cannotImport(file: name, reason: .notOpenDocument)
    }
    func entryData(_ path: String) -> Data? {
      guard let entry = archive[path], entry.uncompressedSize < 256 << 20 else { return nil }
      var data = Data()
      return (try? archive.extract(entry, consumer: { data.append($0) })) != nil ? data : nil
    }
    if let manifest = entryData("META-INF/manifest.xml"),
      String(decoding: manifest, as: UTF8.self).contains("encryption-data")
    {
      throw ShareSynchError.passwordProtected(file: name)
    }
    guard let content = entryData("content.xml").flatMap(XMLTag.parse) else {
      throw ShareSynchError.cannotImport(file: name, reason: .noContentXML)
    }
    let styles = Styles(content.first("automatic-styles"))
    let pages = content.first("body")?.first("presentation")?.elements("page") ?? []
    return DeckOutline(
      slides: pages.map { page in
        let title = page.elements("frame").first { $0.attributes["class"] == "title" }?.text
          .trimmingCharacters(in: .whitespacesAndNewlines)
        let notesFrame = page.first("notes")?.elements("frame").first { $0.attributes["class"] == "notes" }
        let videos = page.descendants("plugin").compactMap { plugin -> String? in
          guard let link = plugin.attributes["href"], !link.contains(":") else { return nil }
          return PowerPointOutline.resolve(link, against: "")
        }
        return DeckOutline.Slide(
          title: title?.isEmpty == false ? title : nil,
          notes: notesFrame?.first("text-box").map { NotesText(paragraphs: paragraphs($0, styles: styles)).html } ?? "",
          hidden: styles.hiddenPages.contains(page.attributes["style-name"] ?? ""),
          videos: videos)
      })
  }

  /// The automatic styles that matter: text formats by style name, the hidden page styles, and
  /// whether each list style's items show a label (a bullet, or a number with a format).
  private struct Styles {
    var text: [String: NotesText.Run] = [:]
    var hiddenPages: Set<String> = []
    var labelledLists: [String: Bool] = [:]

    init(_ automatic: XMLTag?) {
      for list in automatic?.elements("list-style") ?? [] {
        guard let name = list.attributes["name"], let first = list.elements.first else { continue }
        labelledLists[name] =
          first.name == "list-level-style-bullet"
          || (first.name == "list-level-style-number" && !(first.attributes["num-format"] ?? "").isEmpty)
      }
      for style in automatic?.elements("style") ?? [] {
        guard let name = style.attributes["name"] else { continue }
        if style.first("drawing-page-properties")?.attributes["visibility"] == "hidden" { hiddenPages.insert(name) }
        guard let properties = style.first("text-properties")?.attributes else { continue }
        func on(_ key: String, _ values: Set<String>) -> Bool { properties[key].map(values.contains) ?? false }
        func set(_ key: String) -> Bool { properties[key].map { $0 != "none" } ?? false }
        text[name] = NotesText.Run(
          text: "", bold: on("font-weight", ["bold", "600", "700", "800", "900"]),
          italic: on("font-style", ["italic", "oblique"]),
          underline: set("text-underline-style"), strike: set("text-line-through-style"))
      }
    }

    func style(_ element: XMLTag, over base: NotesText.Run) -> NotesText.Run {
      guard let own = element.attributes["style-name"].flatMap({ text[$0] }) else { return base }
      return NotesText.Run(
        text: "", bold: base.bold || own.bold, italic: base.italic || own.italic,
        underline: base.underline || own.underline, strike: base.strike || own.strike)
    }
  }

  /// The paragraphs of a text box: `text:p` and `text:h` plain, those inside `text:list` bulleted.
  private static func paragraphs(_ box: XMLTag, styles: Styles, bulleted: Bool = false) -> [NotesText.Paragraph] {
    box.elements.flatMap { element -> [NotesText.Paragraph] in
      switch element.name {
      case "p", "h":
        return [
          NotesText.Paragraph(
            runs: runs(element, style: styles.style(element, over: .init(text: "")), styles: styles), bulleted: bulleted
          )
        ]
      case "list":  // a list style this file does not define (an outline's) shows bullets
        let labelled = element.attributes["style-name"].flatMap { styles.labelledLists[$0] } ?? true
        return paragraphs(element, styles: styles, bulleted: labelled)
      case "list-item": return paragraphs(element, styles: styles, bulleted: bulleted)
      case "list-header": return paragraphs(element, styles: styles, bulleted: false)  // a header has no label
      default: return []
      }
    }
  }

  private static func runs(_ element: XMLTag, style: NotesText.Run, styles: Styles) -> [NotesText.Run] {
    element.children.flatMap { child -> [NotesText.Run] in
      switch child {
      case .text(let text):
        var run = style
        run.text = text
        return [run]
      case .element(let inner):
        switch inner.name {
        case "line-break": return [NotesText.Run(text: "\n")]
        case "s":
          var run = style
          run.text = String(repeating: " ", count: Int(inner.attributes["c"] ?? "1") ?? 1)
          return [run]
        case "tab":
          var run = style
          run.text = "\t"
          return [run]
        case "span", "a": return runs(inner, style: styles.style(inner, over: style), styles: styles)
        default: return []
        }
      }
    }
  }
}
