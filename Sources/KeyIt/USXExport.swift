/// Writes a book as USX 3.0 (the XML of Paratext 9/10 and Scripture Burrito).
///
/// The USX is converted from the USFM `writeUSFM` writes for the same book, not built from the
/// items a second time: the two exports then always carry the same content, the rules about what
/// is written (the `\p` before a verse that needs one, the imported header lines, empty items
/// left out) live in one place, and paragraph or poetry markers left inside imported verse text
/// (`\q2 …`) become paragraphs here exactly as they do for any USFM reader. The structure comes
/// from the same tokenizer the import uses; character markup and notes inside each paragraph go
/// through `usxInline`. Chapters and verses are milestones with `sid`/`eid` (`RUT 1`, `RUT 1:2-3`);
/// a verse ends after its last text, which may be in a later paragraph (marked with `vid`).
public func writeUSX(_ book: USFMBook) -> String {
  var writer = USXWriter(code: book.code)
  for unit in tokenizeUSFM(Array(writeUSFM(book).utf8)).units {
    writer.add(unit)
  }
  return writer.finish()
}

/// Headings and labels: their text is never part of the verse before them.
private let headingBases: Set<String> = ["s", "ms", "mr", "sr", "sp", "sd", "qa", "d", "r", "cl", "cd"]

private struct USXWriter {
  let code: String
  /// The children of `<usx>`; paragraphs grow until the next one starts.
  var blocks: [USXElement] = []
  /// The open chapter's number and block.
  var chapter: (number: String, block: Int)?
  /// The open verse's `sid` and where its `eid` goes: after its last text so far.
  var verse: (sid: String, block: Int, end: Int)?
  /// The paragraph verses are written into.
  var paragraph: Int?

  init(code: String) { self.code = code }

  mutating func add(_ unit: USFMUnit) {
    switch unit.base {
    case "id":
      let description = unit.text.drop { !$0.isWhitespace }.drop { $0.isWhitespace }
      blocks.append(
        USXElement(
          tag: "book", attributes: [("code", code), ("style", "id")],
          content: description.isEmpty ? [] : [escapeXML(String(description))]))
    case "usfm":
      break  // The version is the `<usx>` element's.
    case "c":
      endChapter()
      chapter = (unit.text, blocks.count)
      blocks.append(
        USXElement(
          tag: "chapter", attributes: [("number", unit.text), ("style", "c"), ("sid", "\(code) \(unit.text)")]))
      paragraph = nil
    case "cp" where chapter != nil:
      blocks[chapter!.block].attributes.append(("pubnumber", unit.text))
    case "v":
      endVerse()
      if paragraph == nil { startParagraph("p") }
      let number = String(unit.text.prefix { !$0.isWhitespace })
      let sid = "\(code) \(chapter?.number ?? "0"):\(number)"
      blocks[paragraph!].content.append(
        USXElement(tag: "verse", attributes: [("number", number), ("style", "v"), ("sid", sid)]).xml)
      verse = (sid, paragraph!, blocks[paragraph!].content.count)
      append(String(unit.text.dropFirst(number.count).drop { $0.isWhitespace }))
    default:
      if headingBases.contains(unit.base) { endVerse() }
      startParagraph(unit.marker)
      if let verse, !unit.text.isEmpty { blocks[paragraph!].attributes.append(("vid", verse.sid)) }
      append(unit.text)
    }
  }

  mutating func finish() -> String {
    endChapter()
    return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<usx version=\"3.0\">\n"
      + blocks.map { "  \($0.xml)\n" }.joined() + "</usx>\n"
  }

  private mutating func startParagraph(_ style: String) {
    paragraph = blocks.count
    blocks.append(USXElement(tag: "para", attributes: [("style", style)]))
  }

  /// Appends text to the current paragraph; in an open verse, the verse now ends after it.
  private mutating func append(_ text: String) {
    guard !text.isEmpty else { return }
    blocks[paragraph!].content += usxInline(text)
    if verse != nil { verse = (verse!.sid, paragraph!, blocks[paragraph!].content.count) }
  }

  private mutating func endVerse() {
    guard let verse else { return }
    blocks[verse.block].content.insert(USXElement(tag: "verse", attributes: [("eid", verse.sid)]).xml, at: verse.end)
    self.verse = nil
  }

  private mutating func endChapter() {
    endVerse()
    guard let chapter else { return }
    blocks.append(USXElement(tag: "chapter", attributes: [("eid", "\(code) \(chapter.number)")]))
    self.chapter = nil
  }
}
