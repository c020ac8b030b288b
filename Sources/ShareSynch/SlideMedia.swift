import Foundation

/// What a slide may show: PNG or JPEG pictures and MP4 or WebM videos, told by their first
/// bytes. Files are served with the type their name gives, so the name must agree with the
/// content: nothing installed can be run by the browser as a page or a script.
public enum SlideMedia {
  /// How many first bytes `kind` needs.
  public static let headLength = 12

  /// MP4 brands (ISO base media) a browser's video element plays.
  private static let mp4Brands: Set<String> = [
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "mmp4", "msnv",
  ]

  /// The kind and usual file extension of a picture or video, from its first bytes.
  public static func kind(_ head: Data) -> (SeriesManifest.Kind, String)? {
    let bytes = [UInt8](head.prefix(headLength))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return (.image, "png") }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return (.image, "jpg") }
    if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return (.video, "webm") }
    if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8),
      mp4Brands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
    {
      return (.video, "mp4")
    }
    return nil
  }

  /// The extensions a file of each content may be named with.
  private static let extensions: [String: Set<String>] = [
    "png": ["png"], "jpg": ["jpg", "jpeg"], "webm": ["webm"], "mp4": ["mp4", "m4v"],
  ]

  /// Why a package file cannot be installed as slide media, or nil when it can.
  static func problem(path: String, head: Data) -> PackageRefusal? {
    guard let (_, content) = kind(head) else {
      return .notSlideMedia
    }
    let named = (path as NSString).pathExtension.lowercased()
    guard extensions[content, default: []].contains(named) else {
      return .misnamedMedia(content: content, named: named)
    }
    return nil
  }
}
