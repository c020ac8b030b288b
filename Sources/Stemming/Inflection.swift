/// Names an inflection in a learner's terms from one of Hunspell's analyses: its morphological
/// tags where the dictionary has them (French: `is:pl`, `po:ipre`), else the suffix flag it
/// applied, read through a table made from the dictionary's own `.aff` comments (Swedish, English).
enum Inflection {
  /// Morphological tags and what they say; tags not here (`nom`, `mas`, `sg`, verb classes) add nothing.
  private static let tags: [String: String] = [
    "pl": "plural", "fem": "feminine", "ipre": "present", "iimp": "imperfect", "ipsim": "simple past",
    "ifut": "future", "cpre": "conditional", "spre": "subjunctive", "simp": "imperfect subjunctive",
    "impe": "imperative", "ppas": "past participle", "ppre": "present participle",
  ]

  /// Suffix flags per language (the `.aff` file's `SFX` flags), with word endings that refine
  /// them; the first rule whose flag matches and whose ending the word has names the inflection.
  private static let flags: [String: [(flag: Character, ending: String, name: String)]] = [
    // sv_SE.aff: A genitive; B–F definite forms; G–J plurals (…na definite, …s genitive);
    // K present or past (second conjugation); m present (first conjugation); M past; N past passive; L passive; O past
    // participle; P comparative and superlative.
    "sv": [
      ("A", "", "genitive"),
      ("B", "s", "definite, genitive"), ("B", "", "definite"), ("C", "s", "definite, genitive"),
      ("C", "", "definite"), ("D", "s", "definite, genitive"), ("D", "", "definite"),
      ("E", "s", "definite, genitive"), ("E", "", "definite"), ("F", "nas", "definite plural, genitive"),
      ("F", "na", "definite plural"), ("F", "s", "definite, genitive"), ("F", "", "definite"),
    ]
      + "GHIJ".flatMap { flag in
        [
          (flag, "nas", "definite plural, genitive"), (flag, "na", "definite plural"),
          (flag, "s", "plural, genitive"), (flag, "", "plural"),
        ]
      } + [
        ("K", "r", "present"), ("K", "", "past"), ("m", "", "present"), ("M", "", "past"), ("N", "", "past, passive"),
        ("L", "", "passive"), ("O", "", "past participle"), ("P", "are", "comparative"), ("P", "", "superlative"),
      ],
    // en_US.aff: S plural (or third person), D past, G -ing form, R/T comparative/superlative.
    "en": [
      ("S", "", "plural"), ("D", "", "past"), ("G", "", "-ing form"), ("R", "", "comparative"),
      ("T", "", "superlative"), ("M", "", "possessive"),
    ],
  ]

  /// The inflection `analysis` describes for `word` in `language` (`sv_SE`), nil when it does not tell.
  static func name(of analysis: Analysis, word: String, language: String) -> String? {
    var names: [String] = []
    for tag in analysis.tags {
      if let name = tags[tag], !names.contains(name) { names.append(name) }
    }
    if !names.isEmpty { return names.joined(separator: ", ") }
    guard let flag = analysis.flag?.first, analysis.flag?.count == 1,
      let rules = flags[String(language.prefix { $0 != "_" && $0 != "-" })]
    else { return nil }
    let lowered = word.lowercased()
    return rules.first { $0.flag == flag && lowered.hasSuffix($0.ending) }?.name
  }
}
