/// Reads a change's JSON by hand: replaying a chapter reads every change in its log, and
/// `JSONDecoder` was a third of a device's re-merge after a month offline. It reads what
/// `ChangeJSON` writes, and JSON of the same shape spaced or escaped otherwise. Anything else (a key
/// it does not know or given twice, a `null`, a number with a fraction or an exponent) it leaves to
/// `JSONDecoder`, by answering nil, so a change reads the same either way; `ChangeJSONReaderTests`
/// hold the two to the same changes.
struct ChangeJSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var at = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The change `json` holds, or nil when it is not one this reader reads (see the type).
  static func change(_ json: String) -> KeyItChange? {
    var json = json
    return json.withUTF8 { bytes in
      var reader = ChangeJSONReader(bytes)
      guard let change = reader.change(), reader.atEnd else { return nil }
      return change
    }
  }

  private var atEnd: Bool {
    mutating get {
      skipSpace()
      return at == bytes.count
    }
  }

  // MARK: The change's objects

  private mutating func change() -> KeyItChange? {
    var change = KeyItChange(kind: .edit)
    var kind: KeyItChange.Kind?
    var items: [ItemDelta]?
    let read = object { reader, key in
      switch key {
      case "kind": return filled(&kind, reader.string().flatMap(KeyItChange.Kind.init(rawValue:)))
      case "bible": return filled(&change.bible, reader.bible())
      case "book": return filled(&change.book, reader.string())
      case "chapter": return filled(&change.chapter, reader.int())
      case "items": return filled(&items, reader.array { $0.delta() })
      case "resolution": return filled(&change.resolution, reader.resolution())
      default: return nil
      }
    }
    guard read, let kind, let items else { return nil }
    change.kind = kind
    change.items = items
    return change
  }

  private mutating func bible() -> SharedBibleSpec? {
    var name: String?
    var versification: Versification?
    var frenchPsalms: Bool?
    var bookNames: String?
    let read = object { reader, key in
      switch key {
      case "name": return filled(&name, reader.string())
      case "versification": return filled(&versification, reader.string().flatMap(Versification.init(rawValue:)))
      case "frenchPsalms": return filled(&frenchPsalms, reader.bool())
      case "bookNames": return filled(&bookNames, reader.string())
      default: return nil
      }
    }
    guard read, let name, let versification, let frenchPsalms, let bookNames else { return nil }
    return SharedBibleSpec(name: name, versification: versification, frenchPsalms: frenchPsalms, bookNames: bookNames)
  }

  private mutating func resolution() -> ConflictResolution? {
    var conflict: String?
    var choice: ResolutionChoice?
    let read = object { reader, key in
      switch key {
      case "conflict": return filled(&conflict, reader.string())
      case "choice": return filled(&choice, reader.string().flatMap(ResolutionChoice.init(rawValue:)))
      default: return nil
      }
    }
    guard read, let conflict, let choice else { return nil }
    return ConflictResolution(conflict: conflict, choice: choice)
  }

  private mutating func delta() -> ItemDelta? {
    var uid: String?
    var before: ItemState?
    var after: ItemState?
    let read = object { reader, key in
      switch key {
      case "uid": return filled(&uid, reader.string())
      case "before": return filled(&before, reader.state())
      case "after": return filled(&after, reader.state())
      default: return nil
      }
    }
    guard read, let uid else { return nil }
    return ItemDelta(uid: uid, before: before, after: after)
  }

  private mutating func state() -> ItemState? {
    var state = ItemState(
      verse: 0, type: .verse, order: 0, intSeq: 0, startsBridge: false, bridgeEnd: 0, marker: nil, text: "", steps: [])
    var (verse, type, order): (Int?, ItemType?, Int?)
    let read = object { reader, key in
      switch key {
      case "verse": return filled(&verse, reader.int())
      case "type": return filled(&type, reader.string().flatMap(ItemType.init(rawValue:)))
      case "order": return filled(&order, reader.int())
      case "intSeq": return reader.int().map { state.intSeq = $0 } != nil
      case "startsBridge": return reader.bool().map { state.startsBridge = $0 } != nil
      case "bridgeEnd": return reader.int().map { state.bridgeEnd = $0 } != nil
      case "marker": return filled(&state.marker, reader.string())
      case "text": return reader.string().map { state.text = $0 } != nil
      case "steps": return reader.array({ $0.array { $0.string() } }).map { state.steps = $0 } != nil
      default: return nil
      }
    }
    guard read, let verse, let type, let order else { return nil }
    state.verse = verse
    state.type = type
    state.order = order
    return state
  }

  // MARK: JSON's values

  /// Reads an object, handing each key to `field`, which reads its value and answers whether it
  /// could (nil: a key it does not know). False for a key given twice or anything malformed.
  private mutating func object(_ field: (inout ChangeJSONReader, String) -> Bool?) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    var seen: [String] = []
    repeat {
      guard let key = string(), !seen.contains(key), take(UInt8(ascii: ":")), field(&self, key) == true else {
        return false
      }
      seen.append(key)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  private mutating func array<Element>(_ element: (inout ChangeJSONReader) -> Element?) -> [Element]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var elements: [Element] = []
    if take(UInt8(ascii: "]")) { return elements }
    repeat {
      guard let next = element(&self) else { return nil }
      elements.append(next)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? elements : nil
  }

  /// An integer as JSON writes one (no fraction, no exponent, no leading zero) that fits an `Int`.
  private mutating func int() -> Int? {
    skipSpace()
    let negative = peek == UInt8(ascii: "-")
    if negative { at += 1 }
    let start = at
    var value = 0
    while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow, !overflow2 else { return nil }
      value = sum
      at += 1
    }
    let digits = at - start
    guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
    if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      return nil
    }
    return negative ? -value : value
  }

  private mutating func bool() -> Bool? {
    if word("true") { return true }
    if word("false") { return false }
    return nil
  }

  private mutating func word(_ word: StaticString) -> Bool {
    skipSpace()
    let count = word.utf8CodeUnitCount
    guard at + count <= bytes.count else { return false }
    for index in 0..<count where bytes[at + index] != word.utf8Start[index] { return false }
    at += count
    return true
  }

  /// A string: its bytes as they are up to the first escape, then unescaped one by one.
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = at
    while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
      guard byte >= 0x20 else { return nil }
      at += 1
    }
    guard let stop = peek else { return nil }
    if stop == UInt8(ascii: "\"") {
      at += 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at - 1]), as: UTF8.self)
    }
    var unescaped = Array(bytes[start..<at])
    while let byte = peek {
      at += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: unescaped, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = escape() else { return nil }
        unescaped.append(contentsOf: escaped)
      case ..<0x20: return nil
      default: unescaped.append(byte)
      }
    }
    return nil
  }

  /// What the escape after a `\` stands for, as UTF-8.
  private mutating func escape() -> [UInt8]? {
    guard let byte = peek else { return nil }
    at += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [byte]
    case UInt8(ascii: "b"): return [0x08]
    case UInt8(ascii: "f"): return [0x0C]
    case UInt8(ascii: "n"): return [0x0A]
    case UInt8(ascii: "r"): return [0x0D]
    case UInt8(ascii: "t"): return [0x09]
    case UInt8(ascii: "u"):
      guard let unit = hex4() else { return nil }
      var scalar: Unicode.Scalar?
      if (0xD800..<0xDC00).contains(unit) {
        // A high surrogate, which JSON pairs with an escaped low one.
        guard take(UInt8(ascii: "\\"), skippingSpace: false), take(UInt8(ascii: "u"), skippingSpace: false),
          let low = hex4(), (0xDC00..<0xE000).contains(low)
        else { return nil }
        scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
      } else {
        scalar = Unicode.Scalar(unit)
      }
      guard let scalar else { return nil }
      return Array(String(Character(scalar)).utf8)
    default: return nil
    }
  }

  private mutating func hex4() -> UInt32? {
    guard at + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[at]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      at += 1
    }
    return value
  }

  private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

  /// Takes `byte` if it comes next (after any space, unless inside a string).
  private mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
    if skippingSpace { skipSpace() }
    guard peek == byte else { return false }
    at += 1
    return true
  }

  private mutating func skipSpace() {
    while let byte = peek,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      at += 1
    }
  }
}

/// Sets `field` to `value`; whether there was one.
private func filled<Value>(_ field: inout Value?, _ value: Value?) -> Bool {
  field = value
  return value != nil
}
