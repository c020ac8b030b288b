extension DictEntry {
  /// The entry as plain text for a terminal: the headword line, then one indented line per sense.
  public var plainText: String {
    var head = headword
    if let pronunciation { head += " /\(pronunciation)/" }
    if let partOfSpeech { head += " <\(partOfSpeech)>" }
    let lines = senses.map { sense in
      "  " + (sense.number.map { "\($0). " } ?? "") + sense.text
        + (sense.partOfSpeech.map { " <\($0)>" } ?? "")
    }
    return ([head] + lines).joined(separator: "\n")
  }
}
