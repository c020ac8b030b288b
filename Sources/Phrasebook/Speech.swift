import AppSupport
import Crypto
import Foundation

/// Pronunciation made by espeak-ng (Debian `espeak-ng`): once per word and voice, cached as a WAV
/// file in the media folder's `speech/`, so a word is synthesised only the first time it is heard.
/// Languages espeak-ng has no voice for get none (the pages hide the speaker then).
public final class Speech: Sendable {
  /// The voices espeak-ng has, by language (`cy`, `en-gb`); empty when it is not installed.
  public let voices: Set<String>
  private let program: String
  private let folder: URL
  /// How long espeak-ng may take to answer before it is stopped: a word takes it a few
  /// hundredths of a second, the longest text a second or so.
  private let timeLimit: Duration

  /// The longest text spoken, in characters.
  public static let maxLength = 500

  /// Speech cached in `folder`, made by `program` (found on PATH), whose voices are asked once;
  /// `program` is stopped when it takes longer than `timeLimit`.
  public init(folder: URL, program: String = "espeak-ng", timeLimit: Duration = .seconds(15)) {
    self.folder = folder
    self.program = program
    self.timeLimit = timeLimit
    voices = (try? Self.run(program, ["--voices"], timeLimit: timeLimit)).map(espeakVoiceLanguages) ?? []
  }

  /// The voice for a BCP 47 language, or nil when espeak-ng has none.
  public func voice(for language: String) -> String? { espeakVoice(for: language, among: voices) }

  /// The cached WAV file of `text` spoken in `language`, made now if it is not cached yet; nil
  /// when the language has no voice.
  public func audio(_ text: String, language: String) throws -> URL? {
    guard let voice = voice(for: language) else { return nil }
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, text.count <= Self.maxLength else { throw PhrasebookError.badSpeechText(Self.maxLength) }
    let name = SHA256.hash(data: Data("\(voice)\n\(text)".utf8)).map { String(format: "%02x", $0) }.joined()
    let file = folder.appendingPathComponent("\(name).wav")
    if FileManager.default.fileExists(atPath: file.path) { return file }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The text goes in on stdin (from a file of its own), never as an argument: nothing in it can
    // be read as an option. Written to a file (not stdout) so that the WAV header holds the real
    // length. espeak-ng keeps at most 200 bytes of the file's path: it is given a short one, in its
    // folder.
    let partialName = "\(UUID().uuidString).partial"
    let partial = folder.appendingPathComponent(partialName)
    let input = folder.appendingPathComponent("\(partialName).txt")
    defer { for made in [partial, input] { try? FileManager.default.removeItem(at: made) } }
    try Data(text.utf8).write(to: input)
    _ = try Self.run(
      program, ["-v", voice, "-w", partialName, "--stdin"], input: input, in: folder, timeLimit: timeLimit)
    guard let head = try? FileHandle(forReadingFrom: partial).read(upToCount: 4), head == Data("RIFF".utf8) else {
      throw PhrasebookError.speechFailed(.noWAV)
    }
    // Two requests may make the same word at once: the first file in place wins.
    try? FileManager.default.moveItem(at: partial, to: file)
    return file
  }

  /// Runs `program` (found on PATH) with `arguments` in `folder`, reading `input`, stopped past
  /// `timeLimit`: its standard output, or an error with its standard error when it fails.
  private static func run(
    _ program: String, _ arguments: [String], input: URL? = nil, in folder: URL? = nil, timeLimit: Duration
  ) throws -> String {
    guard
      let tool = try? SpawnedTool(
        executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [program] + arguments, input: input,
        directory: folder)
    else { throw PhrasebookError.speechFailed(.cannotStart(program: program)) }
    guard let ended = tool.waitForEnd(atMost: timeLimit) else {
      tool.stop()
      throw PhrasebookError.speechFailed(.timedOut(seconds: Int(timeLimit.components.seconds)))
    }
    switch ended.status {
    case 0: return ended.output
    case 127: throw PhrasebookError.speechFailed(.cannotStart(program: program))  // env found no such program
    default:
      let message = String(decoding: Array(ended.errors.utf8.prefix(200)), as: UTF8.self)
      throw PhrasebookError.speechFailed(.failed(message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
  }
}

/// The languages of `espeak-ng --voices`' table (its second column), lower case.
func espeakVoiceLanguages(_ table: String) -> Set<String> {
  Set(
    table.split(separator: "\n").dropFirst().compactMap { line in
      let columns = line.split(separator: " ", omittingEmptySubsequences: true)
      return columns.count > 1 ? columns[1].lowercased() : nil
    })
}

/// The voice for a BCP 47 tag: the tag itself (`en-gb`), else its language (`sv-fi` → `sv`), else
/// the language's shortest regional voice (`en` → `en-gb`); Norwegian `no` is spoken by `nb`.
func espeakVoice(for language: String, among voices: Set<String>) -> String? {
  let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
  guard let primary = tag.split(separator: "-").first.map(String.init), !primary.isEmpty else { return nil }
  let aliases = ["no": "nb"]
  for candidate in [tag, primary, aliases[primary]].compactMap({ $0 }) where voices.contains(candidate) {
    return candidate
  }
  return voices.filter { $0.hasPrefix(primary + "-") }.min { ($0.count, $0) < ($1.count, $1) }
}
