/// Writes a change's JSON by hand: the same bytes as `JSONEncoder` with sorted keys and unescaped
/// slashes (`ChangeJSONTests` compares them), without the generic encoder, which was half of an
/// import's time (every imported chapter logs each item before and after).
struct ChangeJSON {
  private(set) var bytes: [UInt8] = []

  static func write(_ change: KeyItChange) -> String {
    var out = ChangeJSON()
    out.change(change)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  private mutating func change(_ change: KeyItChange) {
    var fields = Fields()
    if let bible = change.bible { fields.key("bible", &self) { $0.bible(bible) } }
    if let book = change.book { fields.key("book", &self) { $0.string(book) } }
    if let chapter = change.chapter { fields.key("chapter", &self) { $0.int(chapter) } }
    fields.key("items", &self) { out in out.array(change.items) { $0.delta($1) } }
    fields.key("kind", &self) { $0.string(change.kind.rawValue) }
    if let resolution = change.resolution {
      fields.key("resolution", &self) { out in
        var inner = Fields()
        inner.key("choice", &out) { $0.string(resolution.choice.rawValue) }
        inner.key("conflict", &out) { $0.string(resolution.conflict) }
        inner.close(&out)
      }
    }
    fields.close(&self)
  }

  private mutating func bible(_ bible: SharedBibleSpec) {
    var fields = Fields()
    fields.key("bookNames", &self) { $0.string(bible.bookNames) }
    fields.key("frenchPsalms", &self) { $0.bool(bible.frenchPsalms) }
    fields.key("name", &self) { $0.string(bible.name) }
    fields.key("versification", &self) { $0.string(bible.versification.rawValue) }
    fields.close(&self)
  }

  private mutating func delta(_ delta: ItemDelta) {
    var fields = Fields()
    if let after = delta.after { fields.key("after", &self) { $0.state(after) } }
    if let before = delta.before { fields.key("before", &self) { $0.state(before) } }
    fields.key("uid", &self) { $0.string(delta.uid) }
    fields.close(&self)
  }

  private mutating func state(_ state: ItemState) {
    var fields = Fields()
    fields.key("bridgeEnd", &self) { $0.int(state.bridgeEnd) }
    fields.key("intSeq", &self) { $0.int(state.intSeq) }
    if let marker = state.marker { fields.key("marker", &self) { $0.string(marker) } }
    fields.key("order", &self) { $0.int(state.order) }
    fields.key("startsBridge", &self) { $0.bool(state.startsBridge) }
    fields.key("steps", &self) { out in out.array(state.steps) { out, step in out.array(step) { $0.string($1) } } }
    fields.key("text", &self) { $0.string(state.text) }
    fields.key("type", &self) { $0.string(state.type.rawValue) }
    fields.key("verse", &self) { $0.int(state.verse) }
    fields.close(&self)
  }

  /// An object's keys, written in the order given (sorted by the caller).
  private struct Fields {
    private var count = 0

    mutating func key(_ name: StaticString, _ out: inout ChangeJSON, value: (inout ChangeJSON) -> Void) {
      out.bytes.append(count == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
      count += 1
      out.bytes.append(UInt8(ascii: "\""))
      out.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      out.bytes.append(contentsOf: "\":".utf8)
      value(&out)
    }

    func close(_ out: inout ChangeJSON) {
      if count == 0 { out.bytes.append(UInt8(ascii: "{")) }
      out.bytes.append(UInt8(ascii: "}"))
    }
  }

  private mutating func array<Element>(_ elements: [Element], _ write: (inout ChangeJSON, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  private mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

  private mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
      case 0x08: bytes.append(contentsOf: "\\b".utf8)
      case 0x0C: bytes.append(contentsOf: "\\f".utf8)
      case 0x0A: bytes.append(contentsOf: "\\n".utf8)
      case 0x0D: bytes.append(contentsOf: "\\r".utf8)
      case 0x09: bytes.append(contentsOf: "\\t".utf8)
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
