import Foundation
import KeyIt
import ShareSynch

/// Key It's USFM import: `parseUSFM`, then an import into a Bible in memory when it parses.
let usfmTarget = FuzzTarget(
  "usfm", "Key It USFM import (parseUSFM, then importUSFM into a Bible in memory)", maxLength: 256 << 10,
  tokens: [
    "\\id ", "\\id RUT ", "\\c ", "\\c 1", "\\c 0", "\\v ", "\\v 1 ", "\\v 2-3 ", "\\v 3-2 ", "\\v 999 ", "\\p",
    "\\p ", "\\q1 ", "\\q2", "\\s1 ", "\\s ", "\\ms ", "\\d ", "\\cl ", "\\cd ", "\\mt1 ", "\\imt ", "\\is ", "\\ip ",
    "\\h ", "\\r ", "\\b", "\\nb", "\\m ", "\\pi2 ", "\\li1 ", "\\f + ", "\\fr 1:1 ", "\\ft ", "\\f*", "\\wj ",
    "\\wj*", "\\x - ", "\\x*", "\\toc1 ", "\\rem ", "\\usfm 3.0", "\\*", "\\", "\n", "\r\n", "\r", "\t", "\u{FEFF}",
    "RUT", "PSA", "GEN", "REV", "1JN", "-", "\u{0}",
  ],
  seeds: { places in
    places.files(under: places.repository.appendingPathComponent("Tests/Fixtures/usfm"), suffix: ".usfm")
      + places.files(under: places.sharedData.appendingPathComponent("usfm"), suffix: ".usfm")
      + [
        Array(
          """
          \\id PSA fuzz sample
          \\h Psalms
          \\mt1 Psalms
          \\is Introduction
          \\ip An introduction with \\f + \\fr 1:1 \\ft a note\\f* inside.
          \\c 1
          \\s1 The two ways
          \\q1
          \\v 1 Blessed is the man who doesn’t walk in the counsel of the wicked,
          \\q2 nor stand on the path of sinners,
          \\v 2-3 but his delight is in Yahweh’s law.
          \\p
          \\v 4 The wicked are not so,
          \\m but are like the chaff which the wind drives away.
          \\c 3
          \\cl Psalm 3
          \\d A Psalm by David, when he fled from Absalom his son.
          \\r (2 Samuel 15)
          \\q1
          \\v 1 Yahweh, how my adversaries have increased!
          \\b
          \\v 8 Salvation belongs to Yahweh.

          """.utf8)
      ]
  },
  runner: { _ in
    var store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Fuzz")
    var imports = 0
    return { bytes in
      let files = [(name: "fuzz.usfm", text: String(decoding: bytes, as: UTF8.self))]
      guard (try? store.parseUSFM(files)) != nil else { return }
      imports += 1
      if imports % 500 == 0, let fresh = try? KeyItStore.inMemory() {  // keep the database small
        store = fresh
        _ = try? await store.createBible(name: "Fuzz")
      }
      _ = try? await store.importUSFM(files, bibleID: nil)
    }
  })

/// ShareSynch's `manifest.json`: decoding, `problem()`, and what install does with a manifest
/// that passes (notes sanitised, titles chosen).
let manifestTarget = FuzzTarget(
  "manifest", "ShareSynch series manifest (decode, problem(), notes sanitised)",
  tokens: jsonTokens + [
    "\"format\"", "\"sharesynch-series/1\"", "\"id\"", "\"resources\"", "\"sermons\"", "\"slides\"", "\"songs\"",
    "\"kind\"", "\"image\"", "\"video\"", "\"overlay\"", "\"appeal\"", "\"resource\"", "\"notes\"", "\"overlays\"",
    "\"../x\"", "\"media/cross.png\"", "\"/etc/passwd\"", "\"a\\\\b\"", "\"#ffffff\"", "\"red\"", "\"size\"",
    "\"sha256\"", "\"song\"", "\"type\"", "\"vocal\"", "\"hidden\"", "9223372036854775807",
  ],
  seeds: { places in
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-seeds-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    return [try Samples.series(in: scratch).manifest]
  },
  runner: { _ in
    { bytes in
      guard let manifest = try? JSONDecoder().decode(SeriesManifest.self, from: Data(bytes)),
        manifest.problem() == nil
      else { return }
      for sermon in manifest.sermons {
        _ = sermon.title(in: manifest.noteLanguages.first)
        for slide in sermon.slides { _ = slide.notes.mapValues(NotesHTML.sanitize) }
      }
    }
  })

/// ShareSynch's notes sanitiser, with an oracle: what it keeps is only the notes subset (bare
/// `b i u s ul li p br` tags, text escaped), and sanitising that again changes nothing.
let notesHTMLTarget = FuzzTarget(
  "notes-html", "ShareSynch notes HTML sanitising (sanitize, plainText; oracle: only the subset, idempotent)",
  tokens: [
    "<b>", "</b>", "<i>", "</i>", "<u>", "<s>", "<em>", "</strong>", "<ul>", "</ul>", "<ol>", "<li>", "</li>", "<p>",
    "</p>", "<div>", "<br>", "<br/>", "<script>", "</script>", "<style>", "<svg>", "</svg>", "<textarea>",
    "<!--", "-->", "<!DOCTYPE html>", "<?", "&amp;", "&lt;", "&#x", "&#", "&#0;", "&#1114112;", "&#x110000;", ";",
    "\"", "'", "=", "onerror=", "javascript:", "<", ">", "/>", "</", "<a href=", "<img src=x>", "\u{0}", "\u{202E}",
  ],
  seeds: { _ in Samples.notes.map { Array($0.utf8) } },
  runner: { _ in
    { bytes in
      let html = String(decoding: bytes, as: UTF8.self)
      let clean = NotesHTML.sanitize(html)
      _ = NotesHTML.plainText(html)
      if let stray = strayMarkup(in: clean) { oracleFailure("sanitize kept \(stray)") }
      let again = NotesHTML.sanitize(clean)
      if again != clean {
        oracleFailure("sanitize is not idempotent: \(clean.debugDescription) → \(again.debugDescription)")
      }
    }
  })

/// The first tag in sanitised notes that is not one of the bare tags the subset allows, if any.
/// Read by Unicode scalars, as a browser reads markup (a combining mark after `>` is not part of it).
private func strayMarkup(in html: String) -> String? {
  let allowed: Set<String> = ["b", "/b", "i", "/i", "u", "/u", "s", "/s", "ul", "/ul", "li", "/li", "p", "/p", "br"]
  var rest = Substring.UnicodeScalarView(html.unicodeScalars)
  while let open = rest.firstIndex(of: "<") {
    let after = rest[rest.index(after: open)...]
    guard let close = after.firstIndex(of: ">"), allowed.contains(String(after[..<close])) else {
      return String(String.UnicodeScalarView(rest[open...].prefix(40)))
    }
    rest = after[after.index(after: close)...]
  }
  return rest.contains(">") ? "a stray >" : nil
}
