import AppSupport

/// Writes a change's JSON by hand: the same bytes as `JSONEncoder` with sorted keys and unescaped
/// slashes (`ChangeJSONTests` compares them), without the generic encoder, which was half of an
/// import's time (every imported chapter logs each item before and after).
enum ChangeJSON {
  /// The change's JSON. With `chapter` (the id of the change's chapter), an item's id under it is
  /// written from the `/` on, as its row stores it (`TextID.stored`), whether it is given whole or
  /// already so: the chapter's id spelt out in every item was over a quarter of an import's log.
  /// `KeyItChange(json:bible:)` reads them whole again.
  static func write(_ change: KeyItChange, itemsUnder chapter: String? = nil) -> String {
    String(decoding: bytes(change, itemsUnder: chapter), as: UTF8.self)
  }

  /// The same JSON as its UTF-8 bytes, as the log stores a change this device makes: making a
  /// `String` of them checks every byte again (a twentieth of a small import).
  static func bytes(_ change: KeyItChange, itemsUnder chapter: String? = nil) -> [UInt8] {
    var out = JSONBytes(escapingSlashes: false)
    Self.change(change, chapter: chapter, &out)
    return out.bytes
  }

  private static func change(_ change: KeyItChange, chapter: String?, _ out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    if let bible = change.bible { fields.key("bible", &out) { Self.bible(bible, &$0) } }
    if let book = change.book { fields.key("book", &out) { $0.string(book) } }
    if let chapter = change.chapter { fields.key("chapter", &out) { $0.int(chapter) } }
    fields.key("items", &out) { out in out.array(change.items) { Self.delta($1, chapter: chapter, &$0) } }
    fields.key("kind", &out) { $0.string(change.kind.rawValue) }
    if let resolution = change.resolution {
      fields.key("resolution", &out) { out in
        var inner = JSONBytes.Fields()
        inner.key("choice", &out) { $0.string(resolution.choice.rawValue) }
        inner.key("conflict", &out) { $0.string(resolution.conflict) }
        inner.close(&out)
      }
    }
    fields.close(&out)
  }

  private static func bible(_ bible: SharedBibleSpec, _ out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("bookNames", &out) { $0.string(bible.bookNames) }
    fields.key("frenchPsalms", &out) { $0.bool(bible.frenchPsalms) }
    fields.key("name", &out) { $0.string(bible.name) }
    fields.key("versification", &out) { $0.string(bible.versification.rawValue) }
    fields.close(&out)
  }

  private static func delta(_ delta: ItemDelta, chapter: String?, _ out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    if let after = delta.after { fields.key("after", &out) { Self.state(after, &$0) } }
    if let before = delta.before { fields.key("before", &out) { Self.state(before, &$0) } }
    fields.key("uid", &out) { $0.string(chapter.map { TextID.stored(delta.uid, chapter: $0) } ?? delta.uid) }
    fields.close(&out)
  }

  private static func state(_ state: ItemState, _ out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    // A field at its default is left out (see `ItemState`).
    if state.bridgeEnd != 0 { fields.key("bridgeEnd", &out) { $0.int(state.bridgeEnd) } }
    if state.intSeq != 0 { fields.key("intSeq", &out) { $0.int(state.intSeq) } }
    if let marker = state.marker { fields.key("marker", &out) { $0.string(marker) } }
    fields.key("order", &out) { $0.int(state.order) }
    if state.startsBridge { fields.key("startsBridge", &out) { $0.bool(state.startsBridge) } }
    if !state.steps.isEmpty {
      fields.key("steps", &out) { out in out.array(state.steps) { out, step in out.array(step) { $0.string($1) } } }
    }
    if !state.text.isEmpty { fields.key("text", &out) { $0.string(state.text) } }
    fields.key("type", &out) { $0.string(state.type.rawValue) }
    fields.key("verse", &out) { $0.int(state.verse) }
    fields.close(&out)
  }
}
