import Foundation

/// The kinds of file a sermon can be imported from, told by name and first bytes.
public enum DeckFormat: String, Sendable, Equatable, CaseIterable {
  /// PowerPoint 2007 and later (Office Open XML).
  case pptx
  /// PowerPoint 97–2003.
  case ppt
  /// LibreOffice Impress (OpenDocument).
  case odp
  /// Apple Keynote.
  case key
  /// A PDF, one slide per page.
  case pdf
  /// A PNG picture, one slide.
  case png
  /// A JPEG picture, one slide.
  case jpeg

  /// A presentation LibreOffice converts (not a PDF or a picture).
  public var isPresentation: Bool { [.pptx, .ppt, .odp, .key].contains(self) }

  /// A picture that becomes a slide as it is.
  public var isPicture: Bool { self == .png || self == .jpeg }

  /// How many first bytes `detect` needs.
  public static let headLength = 8

  /// The format of a file named `name` starting with `head`, or nil when it is none of them.
  /// Pictures and PDFs are told by their content; presentations by their extension, checked
  /// against their container (a zip for `.pptx`/`.odp`/`.key`, an OLE file for `.ppt`).
  public static func detect(name: String, head: Data) -> DeckFormat? {
    let bytes = [UInt8](head.prefix(headLength))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.starts(with: Array("%PDF".utf8)) { return .pdf }
    let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    let isOLE = bytes.starts(with: oleSignature)
    switch (name as NSString).pathExtension.lowercased() {
    case "pptx", "pptm", "ppsx": return isZip || isOLE ? .pptx : nil
    case "odp": return isZip ? .odp : nil
    case "key": return isZip ? .key : nil
    case "ppt", "pps": return isOLE ? .ppt : nil
    default: return nil
    }
  }

  /// The first bytes of an OLE compound file: a `.ppt`, or an Office file encrypted with a password.
  static let oleSignature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
}
