/// A run of a text, marked when its words differ from the text it is compared with.
public struct WordRun: Sendable, Equatable {
  public let text: String
  public let changed: Bool

  public init(text: String, changed: Bool) {
    self.text = text
    self.changed = changed
  }
}

extension WordMerge {
  /// `text` in runs, the words it changed from `base` (replaced or inserted) marked: what a
  /// conflict view highlights in each side.
  public static func marked(_ text: String, against base: String) -> [WordRun] {
    let baseTokens = tokens(base)
    var runs: [WordRun] = []
    func add(_ tokens: some Sequence<Substring>, changed: Bool) {
      let joined = tokens.joined()
      guard !joined.isEmpty else { return }
      if let last = runs.last, last.changed == changed {
        runs[runs.count - 1] = WordRun(text: last.text + joined, changed: changed)
      } else {
        runs.append(WordRun(text: joined, changed: changed))
      }
    }
    var position = 0
    for hunk in hunks(from: baseTokens, to: tokens(text)) {
      add(baseTokens[position..<hunk.start], changed: false)
      add(hunk.tokens, changed: true)
      position = hunk.end
    }
    add(baseTokens[position...], changed: false)
    return runs
  }
}
