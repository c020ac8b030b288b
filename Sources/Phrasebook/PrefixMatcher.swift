import GRDB

/// Tells whether a pair's search entry matches a `SearchQuery` without asking the index, by
/// running the index's own tokenizer over the entry, so a scan in alphabetical order can stop as
/// soon as it has a page. It only answers for forms that are one token each (`init` is nil
/// otherwise, and the caller asks the index).
final class PrefixMatcher {
  /// The tokenizer of `PairSearch` (migration v1).
  static let indexTokenizer = FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "2"])

  private let tokenizer: any FTS5Tokenizer
  /// Each form's folded token, with the index of the word it stands for.
  private let forms: [(word: Int, token: [UInt8])]
  /// One bit per typed word; `found` collects the words seen in the entry so far.
  private let everyWord: UInt64
  private var found: UInt64 = 0

  init?(_ query: SearchQuery, _ db: Database) throws {
    guard query.words.count <= 64 else { return nil }
    tokenizer = try db.makeTokenizer(Self.indexTokenizer)
    var forms: [(word: Int, token: [UInt8])] = []
    for (word, wordForms) in query.words.enumerated() {
      for form in wordForms {
        let tokens = try tokenizer.tokenize(query: form)
        guard tokens.count == 1 else { return nil }
        forms.append((word, Array(tokens[0].token.utf8)))
      }
    }
    self.forms = forms
    everyWord = query.words.count == 64 ? ~0 : (1 << UInt64(query.words.count)) - 1
  }

  /// True when every typed word has a form starting a token of one of `texts` (the columns of the
  /// pair's search entry), as the index's MATCH would say.
  func matches(_ texts: [String]) -> Bool {
    found = 0
    for var text in texts where !text.isEmpty {
      text.withUTF8 { bytes in
        _ = tokenizer.tokenize(
          context: Unmanaged.passUnretained(self).toOpaque(), tokenization: .document,
          pText: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), nText: CInt(bytes.count),
          tokenCallback: noteToken)
      }
      if found == everyWord { return true }
    }
    return false
  }

  fileprivate func note(_ token: UnsafeRawBufferPointer) {
    for form in forms where token.starts(with: form.token) { found |= 1 << UInt64(form.word) }
  }
}

/// The tokenizer's callback: hands each token of the entry to the matcher in `context`.
private let noteToken: FTS5TokenCallback = { context, _, token, length, _, _ in
  if let context, let token {
    Unmanaged<PrefixMatcher>.fromOpaque(context).takeUnretainedValue()
      .note(UnsafeRawBufferPointer(start: token, count: Int(length)))
  }
  return 0  // SQLITE_OK
}
