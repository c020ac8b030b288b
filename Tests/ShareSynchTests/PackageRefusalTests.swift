import Crypto
import Foundation
import Testing
import ZIPFoundation

@testable import ShareSynch

/// Packages that other zip tools would read differently, or that would put something other than
/// a slide's picture or video on our origin, are refused, naming what was wrong.
@Suite struct PackageRefusalTests {
  let packages: SeriesPackageTests
  init() throws { packages = try SeriesPackageTests() }

  /// Installs the package `change` makes and returns the refusal, checking nothing was left behind.
  func refusal(
    _ change: (inout SeriesManifest, inout [(path: String, data: Data, type: Entry.EntryType)]) -> Void
  ) throws -> String {
    let file = try packages.rebuilt(change)
    defer { #expect(packages.installed().isEmpty) }
    do {
      _ = try SeriesPackage.install(file, into: packages.root)
    } catch let error as ShareSynchError {
      return error.description
    }
    Issue.record("installed")
    return ""
  }

  /// Lists a new resource in the manifest with its real size and SHA-256, used by the first slide.
  static func listing(
    _ path: String, _ data: Data, in manifest: inout SeriesManifest,
    _ entries: inout [(path: String, data: Data, type: Entry.EntryType)]
  ) {
    entries.append((path, data, .file))
    let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    manifest.resources.append(.init(path: path, size: Int64(data.count), sha256: digest))
    manifest.sermons[0].slides[0].resource = path
  }

  @Test func aSecondManifestIsRefused() throws {
    let reason = try refusal { manifest, entries in
      entries.append(("manifest.json", Data("{}".utf8), .file))
    }
    #expect(reason.contains("manifest.json was refused: the package holds it twice"), "\(reason)")
  }

  @Test func idsMustBeLettersDigitsAndDashesAndUnique() throws {
    let slide = try refusal { manifest, _ in manifest.sermons[0].slides[0].id = "../x" }
    #expect(slide.contains("the slide id \"../x\" must be letters, digits and -"), "\(slide)")
    let sermon = try refusal { manifest, _ in manifest.sermons[1].id = "one" }
    #expect(sermon.contains("a sermon id repeats"), "\(sermon)")
  }

  @Test func onlyPicturesAndVideosNamedForWhatTheyAreInstall() throws {
    let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' onload='fetch(\"/api/keyit\")'/>".utf8)
    let script = try refusal { manifest, entries in Self.listing("media/evil.svg", svg, in: &manifest, &entries) }
    #expect(script.contains("media/evil.svg: it is not a PNG or JPEG picture or an MP4 or WebM video"), "\(script)")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<script>alert(1)</script>".utf8))
    let disguised = try refusal { manifest, entries in Self.listing("media/page.html", png, in: &manifest, &entries) }
    #expect(disguised.contains("holds a PNG file but is named .html"), "\(disguised)")
  }

  @Test func sizesThatWouldOverflowWhenAddedAreRefused() throws {
    let reason = try refusal { manifest, _ in
      manifest.resources[0].size = .max
      manifest.resources[1].size = .max
    }
    #expect(reason.contains("has a size outside 0 to 1 TiB"), "\(reason)")
  }

  @Test func aNULInTextIsRefusedInsteadOfCuttingIt() throws {
    let reason = try refusal { manifest, _ in manifest.sermons[0].title["en"] = "Saved\u{0}by grace" }
    #expect(reason.contains("holds a NUL character"), "\(reason)")
  }

  @Test func messagesEchoAShortExcerptOfTheInput() throws {
    let reason = try refusal { manifest, _ in manifest.sermons[0].slides[0].id = String(repeating: "<", count: 10_000) }
    #expect(reason.contains("must be letters, digits and -") && reason.count < 300, "\(reason.count) characters")
  }
}
