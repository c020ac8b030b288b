import CPangoCairo
import Foundation
import ShareSynch

/// Why a handout could not be written.
public struct HandoutError: Error, CustomStringConvertible {
  /// What went wrong, naming the file.
  public let description: String
}

/// Draws a `Handout` as an A4 PDF with Cairo and Pango: a small picture of each visible slide
/// (overlay text drawn over it, a marked box for a video) beside its notes, which keep their
/// bold, italic, underline, strikethrough and bullets and are shaped for any script. Notes flow
/// on to the next page when they do not fit. The file is written whole or not at all.
public enum HandoutPDF {
  static let pageWidth = 595.276
  static let pageHeight = 841.89
  static let margin = 48.0
  static let pictureWidth = 168.0
  static let gutter = 16.0
  static let listIndent = 16.0

  /// Writes `handout` to `file` (replacing it only once the PDF is complete); `videoLabel` marks a
  /// video's box, in the interface language.
  public static func write(_ handout: Handout, to file: URL, videoLabel: String = "Video") throws {
    let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
    guard let surface = cairo_pdf_surface_create(partial.path, pageWidth, pageHeight),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw HandoutError(description: "cannot write \(file.path)") }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, handout.title)
    let context = cairo_create(surface)!
    let pages = PageFlow(context: context, handout: handout, videoLabel: videoLabel)
    pages.drawTitle()
    for slide in handout.slides { pages.draw(slide) }
    pages.finish()
    cairo_destroy(context)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    cairo_surface_destroy(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      try? FileManager.default.removeItem(at: partial)
      throw HandoutError(description: "cannot write \(file.path): \(String(cString: cairo_status_to_string(status)))")
    }
    guard rename(partial.path, file.path) == 0 else {
      try? FileManager.default.removeItem(at: partial)
      throw HandoutError(description: "cannot write \(file.path): \(String(cString: strerror(errno)))")
    }
  }
}

/// Places blocks on pages top to bottom, starting a new page when one does not fit.
final class PageFlow {
  private let context: OpaquePointer
  private let handout: Handout
  private let videoLabel: String
  private var y = HandoutPDF.margin
  private var page = 1
  private let bottom = HandoutPDF.pageHeight - HandoutPDF.margin - 16

  init(context: OpaquePointer, handout: Handout, videoLabel: String) {
    self.context = context
    self.handout = handout
    self.videoLabel = videoLabel
  }

  /// The sermon's title and series at the top of the first page.
  func drawTitle() {
    let width = HandoutPDF.pageWidth - 2 * HandoutPDF.margin
    y += show(
      Text(markup: NotesHTML.escape(handout.title), font: "Noto Sans Bold 18"), x: HandoutPDF.margin, width: width)
    y +=
      show(
        Text(markup: NotesHTML.escape(handout.seriesName), font: "Noto Sans 10", gray: 0.35), x: HandoutPDF.margin,
        width: width) + 14
  }

  /// One slide: its picture with its number below, its notes beside.
  func draw(_ slide: Handout.Slide) {
    let pictureHeight = HandoutPDF.pictureWidth * 9 / 16
    let notesX = HandoutPDF.margin + HandoutPDF.pictureWidth + HandoutPDF.gutter
    let notesWidth = HandoutPDF.pageWidth - HandoutPDF.margin - notesX
    let blocks = slide.notes.map { block in
      (block, Text(markup: block.markup, font: "Noto Sans 10.5", language: handout.noteLanguage))
    }
    let firstHeight = blocks.first.map { measure($0.1, width: notesWidth - indent($0.0)) } ?? 0
    if y + max(pictureHeight + 16, firstHeight) > bottom { newPage() }
    let top = y
    drawPicture(slide, x: HandoutPDF.margin, y: top, width: HandoutPDF.pictureWidth, height: pictureHeight)
    _ = show(
      Text(markup: "\(slide.number)", font: "Noto Sans Bold 9", gray: 0.35), x: HandoutPDF.margin,
      y: top + pictureHeight + 3, width: HandoutPDF.pictureWidth)
    var notesY = top
    var pictureBottom = top + pictureHeight + 16
    for (block, text) in blocks {
      let width = notesWidth - indent(block)
      let height = measure(text, width: width)
      if notesY + height > bottom, notesY > HandoutPDF.margin {
        newPage()
        notesY = y
        pictureBottom = y
      }
      let x = notesX + indent(block)
      if block.listLevel > 0 {
        _ = show(Text(markup: "•", font: "Noto Sans 10.5"), x: x - 10, y: notesY, width: 10)
      }
      notesY += show(text, x: x, y: notesY, width: width) + 4
    }
    y = max(pictureBottom, notesY) + 8
    cairo_set_source_rgb(context, 0.8, 0.8, 0.8)
    cairo_set_line_width(context, 0.5)
    cairo_move_to(context, HandoutPDF.margin, y - 4)
    cairo_line_to(context, HandoutPDF.pageWidth - HandoutPDF.margin, y - 4)
    cairo_stroke(context)
    y += 6
  }

  /// Ends the last page.
  func finish() {
    drawFooter()
    cairo_show_page(context)
  }

  private func indent(_ block: Handout.NoteBlock) -> Double { Double(block.listLevel) * HandoutPDF.listIndent }

  private func newPage() {
    drawFooter()
    cairo_show_page(context)
    page += 1
    y = HandoutPDF.margin
  }

  private func drawFooter() {
    _ = show(
      Text(markup: "\(NotesHTML.escape(handout.title)) · \(page)", font: "Noto Sans 8", gray: 0.5, centered: true),
      x: HandoutPDF.margin, y: HandoutPDF.pageHeight - HandoutPDF.margin + 8,
      width: HandoutPDF.pageWidth - 2 * HandoutPDF.margin)
  }

  /// The slide's picture scaled into the box (its overlay drawn over it), or a labelled box for
  /// a video or a slide without a picture.
  private func drawPicture(_ slide: Handout.Slide, x: Double, y: Double, width: Double, height: Double) {
    cairo_save(context)
    cairo_rectangle(context, x, y, width, height)
    cairo_clip(context)
    let picture =
      slide.kind == .video
      ? nil
      : slide.resource.flatMap { SlidePicture(file: $0, maxWidth: Int32(width * 3), maxHeight: Int32(height * 3)) }
    if let picture {
      let scale = min(width / picture.originalWidth, height / picture.originalHeight)
      let drawnWidth = picture.originalWidth * scale
      let drawnHeight = picture.originalHeight * scale
      let left = x + (width - drawnWidth) / 2
      let top = y + (height - drawnHeight) / 2
      cairo_set_source_rgb(context, 0, 0, 0)
      cairo_paint(context)
      cairo_save(context)
      cairo_translate(context, left, top)
      let surfaceScale = drawnWidth / Double(cairo_image_surface_get_width(picture.surface))
      cairo_scale(context, surfaceScale, surfaceScale)
      cairo_set_source_surface(context, picture.surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
      picture.release()
      if let overlay = slide.overlay { drawOverlay(overlay, left: left, top: top, scale: scale) }
    } else {
      cairo_set_source_rgb(context, 0.15, 0.15, 0.18)
      cairo_paint(context)
      let label = slide.kind == .video || slide.kind == .appeal ? "▶ \(videoLabel)" : "—"
      let text = Text(markup: label, font: "Noto Sans Bold 12", gray: 1, centered: true)
      _ = show(text, x: x, y: y + height / 2 - measure(text, width: width) / 2, width: width)
    }
    cairo_restore(context)
    cairo_set_source_rgb(context, 0.6, 0.6, 0.6)
    cairo_set_line_width(context, 0.5)
    cairo_rectangle(context, x, y, width, height)
    cairo_stroke(context)
  }

  /// Overlay text in its box (image pixels scaled to the thumbnail), centred, in its colour.
  private func drawOverlay(_ overlay: SeriesManifest.Overlay, left: Double, top: Double, scale: Double) {
    let layout = pango_cairo_create_layout(context)!
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let description = pango_font_description_from_string(overlay.font)!
    pango_font_description_set_absolute_size(description, overlay.size * scale * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_width(layout, Int32(overlay.width * scale * Double(PANGO_SCALE)))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    pango_layout_set_text(layout, overlay.text, -1)
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(layout, &width, &height)
    let (red, green, blue) = Self.rgb(overlay.color)
    cairo_set_source_rgb(context, red, green, blue)
    let boxTop = top + overlay.y * scale
    cairo_move_to(
      context, left + overlay.x * scale, boxTop + (overlay.height * scale - Double(height) / Double(PANGO_SCALE)) / 2)
    pango_cairo_show_layout(context, layout)
  }

  /// `#rrggbb` as Cairo's 0…1 components (white when it is not one).
  static func rgb(_ css: String) -> (Double, Double, Double) {
    let hex = css.hasPrefix("#") ? String(css.dropFirst()) : css
    guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return (1, 1, 1) }
    return (Double(value >> 16 & 0xff) / 255, Double(value >> 8 & 0xff) / 255, Double(value & 0xff) / 255)
  }

  // MARK: Text

  /// Pango markup with its font, grey level and alignment.
  struct Text {
    var markup: String
    var font: String
    var gray = 0.0
    var centered = false
    var language: String?
  }

  private func layout(_ text: Text, width: Double) -> OpaquePointer {
    let layout = pango_cairo_create_layout(context)!
    if let language = text.language {
      pango_context_set_language(pango_layout_get_context(layout), pango_language_from_string(language))
      pango_layout_context_changed(layout)
    }
    let description = pango_font_description_from_string(text.font)!
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    if text.centered { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
    pango_layout_set_markup(layout, text.markup, -1)
    return layout
  }

  /// The height `text` takes at `width`, in points.
  private func measure(_ text: Text, width: Double) -> Double {
    let layout = layout(text, width: width)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logicalWidth: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(layout, &logicalWidth, &height)
    return Double(height) / Double(PANGO_SCALE)
  }

  /// Draws `text` with its top left at (x, y) (the current line when y is nil); returns its height.
  private func show(_ text: Text, x: Double, y: Double? = nil, width: Double) -> Double {
    let layout = layout(text, width: width)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    cairo_set_source_rgb(context, text.gray, text.gray, text.gray)
    cairo_move_to(context, x, y ?? self.y)
    pango_cairo_show_layout(context, layout)
    var logicalWidth: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(layout, &logicalWidth, &height)
    return Double(height) / Double(PANGO_SCALE)
  }
}
