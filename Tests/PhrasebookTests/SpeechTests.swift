import AppSupport
import Foundation
import Testing

@testable import Phrasebook

@Suite struct SpeechTests {
  let table = """
    Pty Language       Age/Gender VoiceName          File                 Other Languages
     5  cy              --/M      Welsh              cel/cy
     5  en-gb           --/M      English_(Great_Britain) gmw/en        (en 2)
     5  en-029          --/M      English_(Caribbean) gmw/en-029       (en 10)
     5  en-us           --/M      English_(America)  gmw/en-US            (en 3)
     5  nb              --/M      Norwegian_Bokmål   gmq/nb               (no 5)
     5  sv              --/M      Swedish            gmq/sv
    """

  @Test func aLanguageGetsItsOwnVoiceItsLanguagesOrNone() {
    let voices = espeakVoiceLanguages(table)
    #expect(voices == ["cy", "en-gb", "en-029", "en-us", "nb", "sv"])
    let cases: [(String, String?)] = [
      ("cy", "cy"), ("CY-GB", "cy"), ("en", "en-gb"), ("en-US", "en-us"), ("sv-FI", "sv"), ("no", "nb"),
      ("tpi", nil), ("", nil),
    ]
    for (language, voice) in cases { #expect(espeakVoice(for: language, among: voices) == voice, "\(language)") }
  }

  /// A new folder with a long path, as a data folder's may be (espeak-ng keeps at most 200 bytes of one).
  func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-\(UUID().uuidString)/\(String(repeating: "long-folder-name-", count: 8))/media/phrasebook/speech")
  }

  /// Needs Debian's espeak-ng (scripts/setup.sh installs it).
  @Test func espeakMakesAWordOnceAndCachesIt() throws {
    let speech = Speech(folder: folder())
    #expect(speech.voice(for: "cy") == "cy" && speech.voice(for: "sv") == "sv", "espeak-ng is installed")
    let file = try #require(try speech.audio("cath", language: "cy"))
    let made = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as! Date
    let wav = try Data(contentsOf: file)
    #expect(wav.starts(with: Array("RIFF".utf8)) && wav.count > 1_000)
    #expect(try speech.audio("cath", language: "cy") == file)
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as! Date == made, "cached")
    #expect(try speech.audio("cath", language: "sv") != file, "one file per voice")
    #expect(try speech.audio("--help -w /tmp/x", language: "cy") != nil, "text is never read as options")
    #expect(try speech.audio("cath", language: "tpi") == nil, "no voice for Tok Pisin")
    #expect(throws: PhrasebookError.badSpeechText(Speech.maxLength)) {
      try speech.audio(String(repeating: "a", count: Speech.maxLength + 1), language: "cy")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
    #expect(files.count == 3 && files.allSatisfy { $0.hasSuffix(".wav") }, "no partial files left: \(files)")
  }

  /// A stand-in for espeak-ng that lists a Welsh voice and, asked to speak, writes its process id to
  /// `pidFile` and never ends; with `ignoringSIGTERM`, not even when asked to.
  func neverEndingProgram(pidFile: URL, ignoringSIGTERM: Bool) throws -> URL {
    let script = pidFile.deletingLastPathComponent().appendingPathComponent("espeak-ng-stand-in")
    try """
    #!/bin/sh
    if [ "$1" = --voices ]; then
      echo 'Pty Language       Age/Gender VoiceName          File                 Other Languages'
      echo ' 5  cy              --/M      Welsh              cel/cy'
      exit 0
    fi
    echo $$ > '\(pidFile.path)'
    \(ignoringSIGTERM ? "trap '' TERM" : "")
    exec sleep 3600
    """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return script
  }

  @Test(arguments: [false, true])
  func anEspeakThatNeverEndsIsStoppedAtTheTimeLimit(ignoringSIGTERM: Bool) throws {
    let folder = folder()
    let pidFile = folder.deletingLastPathComponent().appendingPathComponent("pid")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let program = try neverEndingProgram(pidFile: pidFile, ignoringSIGTERM: ignoringSIGTERM)
    let speech = Speech(folder: folder, program: program.path, timeLimit: .seconds(1))
    #expect(speech.voices == ["cy"])
    let start = ContinuousClock.now
    #expect(throws: PhrasebookError.speechFailed(.timedOut(seconds: 1))) {
      try speech.audio("cath", language: "cy")
    }
    // One second, then SIGTERM; ignored, two seconds more and SIGKILL.
    let took = ContinuousClock.now - start
    #expect(took >= .seconds(1) && took < .seconds(ignoringSIGTERM ? 5 : 3), "\(took)")
    let pid = try #require(Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).trimmed))
    #expect(kill(pid, 0) == -1 && errno == ESRCH, "the stand-in is gone")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing left behind")
  }

  @Test func aMissingEspeakHasNoVoicesAndAFailingOneIsQuoted() throws {
    let missing = Speech(folder: folder(), program: "no-such-espeak-ng")
    #expect(missing.voices.isEmpty)
    let folder = folder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let failing = folder.appendingPathComponent("failing")
    try """
    #!/bin/sh
    [ "$1" = --voices ] && { echo header; echo ' 5  cy  --/M  Welsh  cel/cy'; exit 0; }
    echo "  no voice for this text  " >&2
    exit 1
    """.write(to: failing, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
    #expect(throws: PhrasebookError.speechFailed(.failed(message: "no voice for this text"))) {
      try Speech(folder: folder, program: failing.path).audio("cath", language: "cy")
    }
  }

  @Test func aRecordingIsPreferredCheckedAndDeleted() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Tok Pisin", languages: "en:English,tpi:Tok Pisin")
    let (pair, _) = try await store.save(PairInput(wordOne: "dog", wordTwo: "dok"))
    let id = pair.pair.id!
    let speech = Speech(folder: folder())
    #expect(try await store.audio(pairID: id, side: .two, speech: speech) == nil, "no voice, no recording")
    let english = try #require(try await store.audio(pairID: id, side: .one, speech: speech))
    #expect(!english.recorded && english.contentType == "audio/wav")
    let webm = Data([0x1A, 0x45, 0xDF, 0xA3]) + Data(repeating: 7, count: 100)
    try await store.setRecording(pairID: id, side: .two, data: webm, contentType: "audio/webm;codecs=opus")
    let heard = try #require(try await store.audio(pairID: id, side: .two, speech: speech))
    let bytes = try Data(contentsOf: heard.file)
    #expect(heard.recorded && heard.contentType == "audio/webm" && bytes == webm)
    #expect(try await store.recordedSides(pairID: id) == [.two])
    let refusals: [(Data, String, RecordingProblem)] = [
      (webm, "audio/ogg", .typeMismatch(found: "webm", declared: "audio/ogg")),
      (webm, "", .typeMismatch(found: "webm", declared: nil)), (Data("<html>".utf8), "audio/webm", .notAudio),
      (
        Data(repeating: 0x1A, count: PhrasebookStore.maxRecordingBytes + 1), "audio/webm",
        .tooLarge(limit: PhrasebookStore.maxRecordingBytes)
      ),
    ]
    for (data, type, reason) in refusals {
      await #expect(throws: PhrasebookError.badRecording(reason)) {
        try await store.setRecording(pairID: id, side: .one, data: data, contentType: type)
      }
    }
    #expect(try await store.recordedSides(pairID: id) == [.two], "refused recordings change nothing")
    try await store.deleteRecording(pairID: id, side: .two)
    #expect(try await store.audio(pairID: id, side: .two, speech: speech) == nil)
    await #expect(throws: PhrasebookError.unknownPairID(999)) {
      try await store.setRecording(pairID: 999, side: .one, data: webm, contentType: "audio/webm")
    }
  }
}
