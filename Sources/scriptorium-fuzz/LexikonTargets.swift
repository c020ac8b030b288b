import Foundation
import Lexikon

/// Lexikon's DICT client reading a server's answers (a loopback stub sends the input as the
/// whole conversation), and its entry parser on every definition that comes back.
let dictProtocolTarget = FuzzTarget(
  "dict-protocol", "Lexikon DICT client answers from a loopback stub (SHOW DB/STRAT, DEFINE, MATCH; DictEntry)",
  tokens: [
    "220 dictd 1.13 <auth.mime> <1@x>\r\n", "250 ok\r\n", "150 1 definitions retrieved\r\n",
    "151 \"hund\" fd-swe-eng \"Swedish-English\"\r\n", "152 2 matches found\r\n", "110 2 databases present\r\n",
    "111 1 strategies\r\n", "552 no match\r\n", "554 none\r\n", "420 down\r\n", ".\r\n", "..", "\r\n", "\n", "\"",
    "\\", " ", " /", "fd-swe-eng ", "hund <n>\r\n", "1. dog\r\n", "\u{0}",
  ],
  seeds: { _ in
    let banner = "220 dictd 1.13.0 <auth.mime> <7.1@localhost>\r\n250 ok\r\n"
    let databases =
      "110 2 databases present\r\nfd-swe-eng \"Swedish-English FreeDict Dictionary\"\r\n"
      + "fd-cym-eng \"Welsh-English\"\r\n.\r\n250 ok\r\n"
    let define =
      "150 2 definitions retrieved\r\n151 \"hund\" fd-swe-eng \"Swedish-English FreeDict\"\r\nhund /hɵnd/ <n>\r\n"
      + "1. dog\r\n2. hound, cur\r\n..dot line\r\n.\r\n151 \"Hund\" fd-swe-eng \"x\"\r\nHund <prop>\r\n"
      + "   Dog (name)\r\n.\r\n250 ok [d/m/c = 2/0/20; 0.000r 0.000u 0.000s]\r\n"
    let match = "152 2 matches found\r\nfd-swe-eng \"hund\"\r\nfd-swe-eng \"hundra\"\r\n.\r\n250 ok\r\n"
    let strategies =
      "111 2 strategies present\r\nexact \"Match headwords exactly\"\r\nprefix \"Match prefixes\"\r\n.\r\n250 ok\r\n"
    return [
      banner + databases + define + match + strategies,
      banner + databases + "552 no match\r\n552 no match\r\n554 none\r\n",
      banner + "110 0 databases present\n.\n250 ok\n" + define,
      "530 access denied\r\n",
    ].map { Array($0.utf8) }
  },
  runner: { _ in
    let stub = try DictStub()
    return { bytes in
      stub.answer(with: bytes)
      let client = DictClient(host: "127.0.0.1", port: stub.port, timeout: 2)
      let source = DictServerSource(client: client)
      let dictionaries = (try? source.dictionaries()) ?? []
      for dictionary in dictionaries.prefix(2) + [InstalledDictionary(name: "fd-swe-eng")] {
        for text in (try? source.define("hund", in: dictionary)) ?? [] { _ = DictEntry(raw: text) }
        _ = try? source.match(prefix: "hu", in: dictionary)
      }
      _ = try? client.strategies()
      client.close()
    }
  })

/// Lexikon's reading of one definition's text (headword, pronunciation, part of speech, senses),
/// what both a DICT server and dictd files give it.
let dictEntryTarget = FuzzTarget(
  "dict-entry", "Lexikon definition text (DictEntry: headword /pronunciation/ <pos>, numbered senses)",
  tokens: [
    " /", "/", " <", "<", ">", "<n>", "1. ", "10. ", "\n", "\r\n", "\n\n", " ", "\u{0}", "\u{2028}",
    "99999999999999999999. ",
  ],
  seeds: { places in
    let stem = places.dictd.appendingPathComponent(dictdStems[0]).path
    let real =
      (try? DictdFileDictionary(stem: stem)).map { dictionary in
        ["hund", "katt", "gå", "bra", "hus", "vara"].flatMap { (try? dictionary.define($0)) ?? [] }
      } ?? []
    return (real + ["hund /hɵnd/ <n>\n1. dog\n2. hound <n, masc>\n", "word\n  sense one\n  sense two"]).map {
      Array($0.utf8)
    }
  },
  runner: { _ in
    { bytes in _ = DictEntry(raw: String(decoding: bytes, as: UTF8.self)) }
  })

/// The dictd index files Debian installs (dictd-freedict), largest first.
private let dictdStems = ["freedict-swe-eng", "freedict-eng-swe", "freedict-cym-eng", "freedict-eng-cym"]

/// A dictd `.index` file, its entries looked up in a real `.dict.dz` beside it.
let dictdIndexTarget = FuzzTarget(
  "dictd-index", "Lexikon dictd .index parsing (DictdIndex, lookups, entries read from a real .dict.dz)",
  tokens: ["\t", "\n", "\r\n", "A", "/", "+", "////////////", "BA", "00databaseinfo", "\u{0}", "é"],
  seeds: { places in
    let real = dictdStems.compactMap { stem -> [UInt8]? in
      guard let data = FileManager.default.contents(atPath: places.dictd.appendingPathComponent("\(stem).index").path)
      else { return nil }
      return Array(data.prefix(6_000))  // the first hundred-odd lines
    }
    return real + [Array("00databaseurl\tA\tf\nhund\tBA\tK\nHund\tBK\tJ\nhundra\tAAA\tZ\n".utf8)]
  },
  runner: { scratch in
    let text = try? DictText(path: scratch.places.dictd.appendingPathComponent("\(dictdStems[0]).dict.dz").path)
    return { bytes in
      guard let index = try? DictdIndex(text: String(decoding: bytes, as: UTF8.self)) else { return }
      for entry in index.entries.prefix(16) {
        _ = index.entries(for: entry.headword)
        _ = index.headwords(withPrefix: String(entry.headword.prefix(2)))
        _ = try? text?.text(offset: entry.offset, length: entry.length, headword: entry.headword)
      }
    }
  })

/// A dictzip `.dict.dz` file: its header read and entries' chunks inflated.
let dictzipTarget = FuzzTarget(
  "dictzip", "Lexikon .dict.dz reading (DictText header, chunk inflation) at real entries' offsets",
  maxLength: 256 << 10, tokens: ["RA", "\u{1F}\u{8B}\u{8}"], binaryTokens: [[0x1F, 0x8B, 8, 4], [0xFF, 0xFF]],
  seeds: { places in
    dictdStems.prefix(2).compactMap {
      FileManager.default.contents(atPath: places.dictd.appendingPathComponent("\($0).dict.dz").path).map(Array.init)
    }
  },
  runner: { scratch in
    let file = scratch.file("fuzz.dict.dz").path
    let ranges = [(0, 40), (100, 300), (58_000, 2_000), (65_500, 100), (130_000, 500), (0, 0), (400_000, 10)]
    return { bytes in
      guard FileManager.default.createFile(atPath: file, contents: Data(bytes)),
        let text = try? DictText(path: file)
      else { return }
      for (offset, length) in ranges { _ = try? text.text(offset: offset, length: length, headword: "x") }
    }
  })
