import Foundation
import Testing

/// The repository root (two folders above this file's folder).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Runs the `usfm-grammar` parser from PyPI (installed in `.venv` by `scripts/setup.sh`) over USFM
/// texts and returns each one's errors. Fails loudly if the tool is missing: the tests must not pass
/// without their oracle.
func usfmGrammarErrors(_ texts: [String: String]) throws -> [String: [String]] {
  let python = repositoryRoot.appendingPathComponent(".venv/bin/python")
  guard FileManager.default.isExecutableFile(atPath: python.path) else {
    Issue.record("usfm-grammar is not installed: run scripts/setup.sh (make test does)")
    return [:]
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("usfm-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var paths: [String: String] = [:]
  for (name, text) in texts {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    paths[url.path] = name
  }
  let process = Process()
  process.executableURL = python
  process.arguments = [repositoryRoot.appendingPathComponent("scripts/check_usfm.py").path] + paths.keys.sorted()
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "usfm-grammar check failed to run")
  let report = try JSONDecoder().decode([String: [String]].self, from: data)
  return Dictionary(uniqueKeysWithValues: report.map { (paths[$0.key]!, $0.value) })
}
