import AppSupport
import ArgumentParser
import Foundation
import Localization
import Phrasebook

extension PairSide: ExpressibleByArgument {}

struct PhrasebookAudio: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audio",
    abstract:
      "Hear a word of a pair: write its recording, else espeak-ng's voice (made once, cached), to a file; or store or delete a recording."
  )
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The word in the first language.") var wordOne: String
  @Argument(help: "The word in the second language.") var wordTwo: String
  @Option(help: "Which word: one (the first language's) or two.") var side: PairSide = .two
  @Option(name: .shortAndLong, help: "Write the audio to this file.") var output: String?
  @Option(help: "Store this audio file (WebM, Ogg, MP4/M4A, WAV or MP3) as the word's recording.") var record: String?
  @Flag(help: "Delete the word's recording.") var deleteRecording = false

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
