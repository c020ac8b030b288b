/// How many single-letter edits turn one word into another, counting an insertion, a deletion, a
/// substitution or a swap of two neighbouring letters as one (Damerau's optimal string
/// alignment). Letters are grapheme clusters, so `ŵ` is one letter however it is encoded.
func damerauDistance(_ one: [Character], _ two: [Character]) -> Int {
  if one.isEmpty { return two.count }
  if two.isEmpty { return one.count }
  var previousRow: [Int] = []
  var row = Array(0...two.count)
  for i in 1...one.count {
    var next = [i] + Array(repeating: 0, count: two.count)
    for j in 1...two.count {
      let cost = one[i - 1] == two[j - 1] ? 0 : 1
      next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
      if i > 1, j > 1, one[i - 1] == two[j - 2], one[i - 2] == two[j - 1] {
        next[j] = min(next[j], previousRow[j - 2] + 1)
      }
    }
    previousRow = row
    row = next
  }
  return row[two.count]
}

/// What one edit changed (a letter missing…); nil unless the two words are exactly one edit apart.
func typoDetail(typed: [Character], expected: [Character]) -> AnswerDetail? {
  guard damerauDistance(typed, expected) == 1 else { return nil }
  if typed.count < expected.count { return .letterMissing }
  if typed.count > expected.count { return .letterTooMany }
  let differing = zip(typed, expected).filter { $0 != $1 }.count
  return differing == 2 ? .lettersSwapped : .letterWrong
}
