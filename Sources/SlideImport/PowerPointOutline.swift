import Foundation
import ShareSynch
import ZIPFoundation

/// Reads a `.pptx` file's own XML: the slide order from `ppt/presentation.xml`, each slide's
/// `show` flag and title, its notes from `ppt/notesSlides/*`, and its embedded videos.
enum PowerPointOutline {
  static func read(_ file: URL) throws -> DeckOutline {
    let archive: Archive
    do {
      archive = try Archive(url: file, accessMode: .read)
    } catch {
      throw ShareSynchError.cannotImport(file: file.lastPathComponent, reason: .notPowerPoint)
    }
    func xml(_ path: String) -> XMLTag? {
      guard let entry = archive[path], entry.uncompressedSize < 64 << 20 else { return nil }
      var data = Data()
      guard (try? archive.extract(entry, consumer: { data.append($0) })) != nil else { return nil }
      return XMLTag.parse(data)
    }
    guard let presentation = xml("ppt/presentation.xml") else {
      throw ShareSynchError.cannotImport(file: file.lastPathComponent, reason: .noPresentationXML)
    }
    let presentationLinks = relationships(xml("ppt/_rels/presentation.xml.rels"), base: "ppt")
    let slidePaths = presentation.descendants("sldId").compactMap {
      $0.attributes["r:id"].flatMap { presentationLinks[$0] }
    }
    let slides = slidePaths.map { path -> DeckOutline.Slide in
      let slide = xml(path)
      let folder = (path as NSString).deletingLastPathComponent
      let name = (path as NSString).lastPathComponent
      let links = relationships(xml("\(folder)/_rels/\(name).rels"), base: folder)
      let notesPath = links.typed.first { $0.type.hasSuffix("/notesSlide") }?.target
      let videos = links.typed.filter { $0.type.hasSuffix("/video") || $0.type.hasSuffix("/media") }.map(\.target)
      return DeckOutline.Slide(
        title: slide.flatMap { placeholderText($0, types: ["title", "ctrTitle"]) },
        notes: notesPath.flatMap(xml).flatMap(notes)?.html ?? "",
        hidden: slide?.attributes["show"] == "0" || slide?.attributes["show"] == "false",
        videos: Array(Set(videos)).sorted())
    }
    return DeckOutline(slides: slides)
  }

  /// A `.rels` file's links: target paths (resolved against `base`) by id, and with their types.
  private struct Links {
    var byID: [String: String] = [:]
    var typed: [(type: String, target: String)] = []
    subscript(id: String) -> String? { byID[id] }
  }

  private static func relationships(_ rels: XMLTag?, base: String) -> Links {
    var links = Links()
    for relationship in rels?.elements("Relationship") ?? [] {
      guard let id = relationship.attributes["Id"], let target = relationship.attributes["Target"],
        relationship.attributes["TargetMode"] != "External"
      else { continue }
      let resolved = resolve(target, against: base)
      links.byID[id] = resolved
      links.typed.append((relationship.attributes["Type"] ?? "", resolved))
    }
    return links
  }

  /// `../notesSlides/notesSlide1.xml` against `ppt/slides` → `ppt/notesSlides/notesSlide1.xml`.
  static func resolve(_ target: String, against base: String) -> String {
    var parts = target.hasPrefix("/") ? [] : base.split(separator: "/").map(String.init)
    for part in target.split(separator: "/") {
      if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
    }
    return parts.joined(separator: "/")
  }

  /// The shape holding a placeholder of one of `types`.
  private static func placeholder(_ root: XMLTag, types: Set<String>) -> XMLTag? {
    root.descendants("sp").first { shape in
      shape.first("nvSpPr")?.first("nvPr")?.first("ph").map { types.contains($0.attributes["type"] ?? "") } ?? false
    }
  }

  private static func placeholderText(_ slide: XMLTag, types: Set<String>) -> String? {
    guard let shape = placeholder(slide, types: types) else { return nil }
    let text = shape.descendants("p").map { $0.descendants("t").map(\.text).joined() }.joined(separator: " ")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }

  /// The notes placeholder's paragraphs, with bold, italic, underline, strike and bullets.
  private static func notes(_ notesSlide: XMLTag) -> NotesText? {
    guard let body = placeholder(notesSlide, types: ["body"])?.first("txBody") else { return nil }
    return NotesText(
      paragraphs: body.elements("p").map { paragraph in
        let properties = paragraph.first("pPr")
        let bulleted =
          properties.map { $0.first("buChar") != nil || $0.first("buAutoNum") != nil || $0.first("buBlip") != nil }
          ?? false
        let runs = paragraph.elements.compactMap { child -> NotesText.Run? in
          switch child.name {
          case "r", "fld":
            let style = child.first("rPr")?.attributes ?? [:]
            func on(_ key: String, off: String) -> Bool { style[key].map { $0 != off && $0 != "false" } ?? false }
            return NotesText.Run(
              text: child.first("t")?.text ?? "", bold: on("b", off: "0"), italic: on("i", off: "0"),
              underline: on("u", off: "none"), strike: on("strike", off: "noStrike"))
          case "br": return NotesText.Run(text: "\n")
          default: return nil
          }
        }
        return NotesText.Paragraph(runs: runs, bulleted: bulleted)
      })
  }
}
