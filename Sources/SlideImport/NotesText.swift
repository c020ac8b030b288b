import ShareSynch

/// Notes as a presentation file holds them — paragraphs of styled runs, some bulleted — and
/// their rendering as notes HTML (bold, italic, underline, strike and bulleted lists).
struct NotesText: Equatable {
  /// A stretch of text with one style.
  struct Run: Equatable {
    var text: String
    var bold = false
    var italic = false
    var underline = false
    var strike = false
  }

  /// A paragraph: its runs (a line break is a run of "\n"), bulleted or not.
  struct Paragraph: Equatable {
    var runs: [Run]
    var bulleted = false
  }

  var paragraphs: [Paragraph]

  /// The notes HTML: a `<p>` per plain paragraph, a `<ul>` of `<li>` per run of bulleted ones;
  /// empty notes give "".
  var html: String {
    var output = ""
    var inList = false
    let kept = paragraphs.filter { !$0.runs.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } }
    for paragraph in kept {
      if paragraph.bulleted != inList {
        output += paragraph.bulleted ? "<ul>" : "</ul>"
        inList = paragraph.bulleted
      }
      let tag = paragraph.bulleted ? "li" : "p"
      output += "<\(tag)>" + paragraph.runs.map(Self.html).joined() + "</\(tag)>"
    }
    if inList { output += "</ul>" }
    return NotesHTML.sanitize(output)
  }

  private static func html(_ run: Run) -> String {
    if run.text == "\n" { return "<br>" }
    var text = NotesHTML.escape(run.text)
    for (on, tag) in [(run.strike, "s"), (run.underline, "u"), (run.italic, "i"), (run.bold, "b")] where on {
      text = "<\(tag)>\(text)</\(tag)>"
    }
    return text
  }
}
