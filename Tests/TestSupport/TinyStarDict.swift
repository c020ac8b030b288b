import Foundation

/// The files of a StarDict dictionary with `words` (headword, definition), as StarDict writes them:
/// an `.ifo`, an `.idx` sorted by headword with 32-bit big-endian offsets and sizes, and a plain
/// `.dict` with one text field (`sametypesequence=m`) per word.
public func tinyStarDict(_ words: [(String, String)], bookName: String = "Tiny") -> (ifo: Data, idx: Data, dict: Data) {
  var idx = Data()
  var dict = Data()
  for (word, definition) in words.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
    let bytes = Data(definition.utf8)
    idx.append(Data(word.utf8) + [0])
    for value in [dict.count, bytes.count] {
      idx.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }
    dict.append(bytes)
  }
  let ifo = """
    StarDict's dict ifo file
    version=2.4.2
    wordcount=\(words.count)
    idxfilesize=\(idx.count)
    bookname=\(bookName)
    sametypesequence=m

    """
  return (Data(ifo.utf8), idx, dict)
}
