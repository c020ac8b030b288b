import CPangoCairo
import Foundation

/// A slide's picture read at thumbnail size into a Cairo image surface (JPEG or PNG, through
/// gdk-pixbuf), with the size of the original, which overlay coordinates refer to.
struct SlidePicture {
  /// The surface (owned: destroyed by `release`).
  let surface: OpaquePointer
  /// The original picture's width and height in pixels.
  let originalWidth: Double
  let originalHeight: Double

  /// Reads `file` scaled to fit `maxWidth` × `maxHeight` pixels; nil when it is not a picture.
  init?(file: URL, maxWidth: Int32, maxHeight: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    guard gdk_pixbuf_get_file_info(file.path, &width, &height) != nil, width > 0, height > 0 else { return nil }
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(file.path, maxWidth, maxHeight, 1, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    originalWidth = Double(width)
    originalHeight = Double(height)
    surface = Self.surface(of: pixbuf)
  }

  /// Copies a pixbuf's RGB(A) bytes into a new ARGB32 surface (premultiplied, native byte order).
  private static func surface(of pixbuf: OpaquePointer) -> OpaquePointer {
    let width = gdk_pixbuf_get_width(pixbuf)
    let height = gdk_pixbuf_get_height(pixbuf)
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let source = gdk_pixbuf_read_pixels(pixbuf)!
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    cairo_surface_flush(surface)
    let target = cairo_image_surface_get_data(surface)!
    let targetStride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<Int(height) {
      let row = target.advanced(by: y * targetStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { $0 }
      for x in 0..<Int(width) {
        let pixel = source.advanced(by: y * sourceStride + x * channels)
        let alpha = hasAlpha ? UInt32(pixel[3]) : 255
        let premultiply = { (value: UInt8) in (UInt32(value) * alpha + 127) / 255 }
        row[x] = alpha << 24 | premultiply(pixel[0]) << 16 | premultiply(pixel[1]) << 8 | premultiply(pixel[2])
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  /// Frees the surface.
  func release() { cairo_surface_destroy(surface) }
}
