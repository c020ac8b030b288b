import AppSupport
import ArgumentParser
import Foundation
import Localization
import Phrasebook

extension PairSide: ExpressibleByArgument {}

struct PhrasebookAudio: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "audio",
      abstract:
        t("cli.help.phrasebookAudio.abstract")
    )
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordOne"))) var wordOne: String
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordTwo"))) var wordTwo: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAudio.side"))) var side: PairSide = .two
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.phrasebookAudio.output"))) var output: String?
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAudio.record"))) var record: String?
  @Flag(help: ArgumentHelp(t("cli.help.phrasebookAudio.deleteRecording"))) var deleteRecording = false

  func run() async throws {
    let store = try options.store()
    let id = try await store.pairID(wordOne: wordOne, wordTwo: wordTwo, in: options.book)
    if let record {
      guard let data = FileManager.default.contents(atPath: record) else {
        throw ValidationError(t("phrasebook.cli.unreadable", ["file": .text(record)]))
      }
      let types = [
        "webm": "audio/webm", "ogg": "audio/ogg", "m4a": "audio/mp4", "mp4": "audio/mp4", "wav": "audio/wav",
      ]
      let type = types[(record as NSString).pathExtension.lowercased()] ?? "audio/mpeg"
      try await store.setRecording(pairID: id, side: side, data: data, contentType: type)
    }
    if deleteRecording { try await store.deleteRecording(pairID: id, side: side) }
    let speech = Speech(folder: store.mediaFolder.appendingPathComponent("speech"))
    guard let audio = try await store.audio(pairID: id, side: side, speech: speech) else {
      throw ValidationError(t("phrasebook.error.noVoice"))
    }
    if let output { try Data(contentsOf: audio.file).write(to: URL(fileURLWithPath: output)) }
    try options.emit(["file": output ?? audio.file.path, "type": audio.contentType, "recorded": "\(audio.recorded)"]) {
      t(
        audio.recorded ? "phrasebook.cli.recording" : "phrasebook.cli.espeak",
        ["type": .text(audio.contentType), "file": .text(output ?? audio.file.path)])
    }
  }
}
