import AppSupport

/// The audience text of an appeal slide, read from its notes as the PC ShareSynch writes it
/// (seed A.3.5): each `<C>…<c>` is a chunk shown over the appeal video, one per advance; a `<R>`
/// removes the text, and what follows it is the speaker's final notes.
public struct AppealScript: Sendable, Equatable, Codable {
  /// The chunks, in order, trimmed.
  public let chunks: [String]
  /// Whether a `<R>` follows the chunks (one more step, with no text on the display).
  public let removesText: Bool
  /// The notes after `<R>` (empty without one).
  public let finalNotes: String

  /// Reads the markers from notes (sanitised HTML, where a typed `<C>` is `&lt;C&gt;`).
  public init(notesHTML: String) { self.init(text: NotesHTML.plainText(notesHTML)) }

  /// Reads the markers from plain text. An unclosed `<C>` runs to the next marker or the end.
  public init(text: String) {
    var chunks: [String] = []
    var removesText = false
    var finalNotes = ""
    var rest = Substring(text)
    while let open = rest.range(of: "<C>") {
      if let remove = rest.range(of: "<R>"), remove.lowerBound < open.lowerBound { break }
      let body = rest[open.upperBound...]
      let close = [body.range(of: "<c>"), body.range(of: "<C>"), body.range(of: "<R>")].compactMap { $0 }
        .min { $0.lowerBound < $1.lowerBound }
      chunks.append(String(body[..<(close?.lowerBound ?? body.endIndex)]).trimmed)
      if let close, body[close] == "<c>" {
        rest = body[close.upperBound...]
      } else {
        rest = body[(close?.lowerBound ?? body.endIndex)...]
      }
    }
    if let remove = rest.range(of: "<R>") {
      removesText = true
      finalNotes = String(rest[remove.upperBound...]).trimmed
    }
    self.chunks = chunks
    self.removesText = removesText
    self.finalNotes = finalNotes
  }

  /// How many advances the appeal slide takes before the next slide (at least 1).
  public var steps: Int { max(1, chunks.count + (removesText ? 1 : 0)) }

  /// What the display shows over the video at `step` (nil: no text). Past the chunks (the
  /// speaker's notes may take more pages than the audience has chunks) the last chunk stays,
  /// unless a `<R>` removed the text.
  public func displayText(at step: Int) -> String? {
    if step < chunks.count { return chunks[step] }
    return removesText ? nil : chunks.last
  }
}
