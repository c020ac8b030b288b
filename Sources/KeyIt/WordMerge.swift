import AppSupport

/// Three-way merge of two edits of one text, word by word: edits of different words both stay;
/// edits that touch the same words (or insert at the same place) are a conflict.
public enum WordMerge {
  /// Base tokens `start..<end` replaced by `tokens`.
  struct Hunk: Equatable {
    var start: Int
    var end: Int
    var tokens: [Substring]
  }

  /// The merged text, or nil when the edits overlap.
  static func merge(base: String, mine: String, theirs: String) -> String? {
    let baseTokens = tokens(base)
    let ours = hunks(from: baseTokens, to: tokens(mine))
    let others = hunks(from: baseTokens, to: tokens(theirs))
    var all: [Hunk] = ours
    for hunk in others {
      if ours.contains(hunk) { continue }
      if ours.contains(where: { overlap($0, hunk) }) { return nil }
      all.append(hunk)
    }
    all.sort { ($0.start, $0.end) < ($1.start, $1.end) }
    var merged: [Substring] = []
    var position = 0
    for hunk in all {
      merged += baseTokens[position..<hunk.start]
      merged += hunk.tokens
      position = hunk.end
    }
    merged += baseTokens[position...]
    return merged.joined().trimmed
  }

  /// Two hunks touch the same words, or insert at the same place.
  static func overlap(_ a: Hunk, _ b: Hunk) -> Bool {
    (a.start < b.end && b.start < a.end) || a.start == b.start
  }

  /// Runs of spaces and runs of everything else, in order: joined they give the text back.
  static func tokens(_ text: String) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if next < text.endIndex, text[next].isWhitespace != text[index].isWhitespace {
        result.append(text[start..<next])
        start = next
      }
      index = next
    }
    if start < text.endIndex { result.append(text[start...]) }
    return result
  }

  /// The hunks that turn `base` into `other` (a longest common subsequence of tokens).
  static func hunks(from base: [Substring], to other: [Substring]) -> [Hunk] {
    var prefix = 0
    while prefix < base.count, prefix < other.count, base[prefix] == other[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < base.count - prefix, suffix < other.count - prefix,
      base[base.count - 1 - suffix] == other[other.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(base[prefix..<(base.count - suffix)])
    let b = Array(other[prefix..<(other.count - suffix)])
    // lengths[i][j]: LCS of a[i...] and b[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var hunks: [Hunk] = []
    var open: Hunk? = nil
    var i = 0
    var j = 0
    func flush() {
      if let hunk = open { hunks.append(hunk) }
      open = nil
    }
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        flush()
        i += 1
        j += 1
      } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
        if open == nil { open = Hunk(start: prefix + i, end: prefix + i, tokens: []) }
        open!.tokens.append(b[j])
        j += 1
      } else {
        if open == nil { open = Hunk(start: prefix + i, end: prefix + i, tokens: []) }
        open!.end = prefix + i + 1
        i += 1
      }
    }
    flush()
    return hunks
  }
}
