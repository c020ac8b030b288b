import Foundation
import TestSupport
import Testing

/// Runs the `usfm-grammar` parser from PyPI (installed in `.venv` by `scripts/setup.sh`) over USFM
/// texts and returns each one's errors. Throws if the tool is missing: the tests must not pass
/// without their oracle.
func usfmGrammarErrors(_ texts: [String: String]) throws -> [String: [String]] {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("usfm-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var paths: [String: String] = [:]
  for (name, text) in texts {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    paths[url.path] = name
  }
  let data = try runPythonScript("check_usfm.py", arguments: paths.keys.sorted())
  let report = try JSONDecoder().decode([String: [String]].self, from: data)
  return Dictionary(uniqueKeysWithValues: report.map { (paths[$0.key]!, $0.value) })
}

/// Runs `scripts/compare_usx.py` over exports made in both formats: usfm-grammar turns each USFM
/// export into USX and the script returns how ours differs from it (nothing when they carry the
/// same content), by export name. Throws if the tool is missing.
func usxDifferences(_ exports: [String: (usfm: String, usx: String)]) throws -> [String: [String]] {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("usx-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var arguments: [String] = []
  var names: [String: String] = [:]
  for (name, export) in exports {
    let usfm = folder.appendingPathComponent("\(name).usfm")
    let usx = folder.appendingPathComponent("\(name).usx")
    try Data(export.usfm.utf8).write(to: usfm)
    try Data(export.usx.utf8).write(to: usx)
    arguments += [usfm.path, usx.path]
    names[usx.path] = name
  }
  let data = try runPythonScript("compare_usx.py", arguments: arguments)
  let report = try JSONDecoder().decode([String: [String]].self, from: data)
  return Dictionary(uniqueKeysWithValues: report.map { (names[$0.key]!, $0.value) })
}
