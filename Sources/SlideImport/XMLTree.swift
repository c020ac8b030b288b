import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A parsed XML element: its local name (the namespace prefix dropped), its attributes, and its children and text in document order. Enough to read slide and notes XML.
final class XMLTag {
  let name: String
  let attributes: [String: String]
  fileprivate(set) var children: [XMLNodeContent] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// The child elements.
  var elements: [XMLTag] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// The child elements named `name`.
  func elements(_ name: String) -> [XMLTag] { elements.filter { $0.name == name } }

  /// The first child element named `name`.
  func first(_ name: String) -> XMLTag? { elements.first { $0.name == name } }

  /// Every element below this one (depth first) named `name`.
  func descendants(_ name: String) -> [XMLTag] {
    elements.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
  }

  /// All the text below this element.
  var text: String {
    children.map {
      switch $0 {
      case .text(let text): text
      case .element(let element): element.text
      }
    }.joined()
  }

  /// Parses `data`; nil when it is not well-formed XML.
  static func parse(_ data: Data) -> XMLTag? {
    let parser = XMLParser(data: data)
    let builder = TreeBuilder()
    parser.delegate = builder
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    guard parser.parse() else { return nil }
    return builder.root
  }
}

/// A child of an element: another element or text.
enum XMLNodeContent {
  case element(XMLTag)
  case text(String)
}

/// The local part of a qualified XML name (`a:rPr` → `rPr`).
private func localName(_ name: String) -> String {
  name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
  var root: XMLTag?
  private var stack: [XMLTag] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    // Each attribute under its qualified name, and under its local name too unless an unprefixed
    // attribute has that name (`<p:sldId id="256" r:id="rId2">`: "id" is 256, "r:id" is rId2).
    var local = attributes
    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where key.contains(":") {
      let name = localName(key)
      if attributes[name] == nil, local[name] == nil { local[name] = value }
    }
    let element = XMLTag(name: localName(elementName), attributes: local)
    stack.last?.children.append(.element(element))
    if root == nil { root = element }
    stack.append(element)
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.children.append(.text(string))
  }
}
