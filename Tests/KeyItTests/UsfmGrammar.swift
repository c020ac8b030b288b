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
