import AppSupport
import Foundation
import GRDB

/// Which word of a pair: the first language's or the second's.
public enum PairSide: String, Codable, Sendable, CaseIterable {
  case one, two

  /// The word on this side.
  public func word(_ pair: WordPair) -> String { self == .one ? pair.wordOne : pair.wordTwo }

  /// The language of this side.
  public func language(_ book: Phrasebook) -> String { self == .one ? book.languageOneCode : book.languageTwoCode }
}

/// A word's sound: the learner's own recording, else espeak-ng's voice.
public struct PairAudio: Sendable, Equatable {
  /// The file.
  public let file: URL
  /// Its media type.
  public let contentType: String
  /// True for a recording, false for synthetic speech.
  public let recorded: Bool
}

/// Pronunciation of a pair's words: recordings made in the browser, stored beside the pictures in
/// `media/phrasebook/` and preferred over synthetic speech.
extension PhrasebookStore {
  /// The biggest recording accepted.
  public static let maxRecordingBytes = 5 << 20

  /// The sound of one word of a pair: its recording, else espeak-ng's (made once, cached); nil
  /// when there is neither (no recording, no voice for the language).
  public func audio(pairID: Int64, side: PairSide, speech: Speech) async throws -> PairAudio? {
    let (pair, book, file) = try await writer.read { db in
      guard let pair = try WordPair.fetchOne(db, key: pairID) else { throw PhrasebookError.unknownPairID(pairID) }
      let book = try Phrasebook.fetchOne(db, key: pair.phrasebookID)!
      let file = try String.fetchOne(
        db, sql: "SELECT file FROM PairRecordings WHERE pairID = ? AND side = ?", arguments: [pairID, side.rawValue])
      return (pair, book, file)
    }
    if let file, let type = recordingTypes.first(where: { file.hasSuffix(".\($0.fileExtension)") }) {
      let url = mediaFolder.appendingPathComponent(file)
      if FileManager.default.fileExists(atPath: url.path) {
        return PairAudio(file: url, contentType: type.contentType, recorded: true)
      }
    }
    let word = side.word(pair)
    let language = side.language(book)
    guard let url = try await runBlocking({ try speech.audio(word, language: language) }) else { return nil }
    return PairAudio(file: url, contentType: "audio/wav", recorded: false)
  }

  /// The sides of a pair that have a recording.
  public func recordedSides(pairID: Int64) async throws -> [PairSide] {
    try await writer.read { db in
      try String.fetchAll(
        db, sql: "SELECT side FROM PairRecordings WHERE pairID = ? ORDER BY side", arguments: [pairID]
      ).compactMap(PairSide.init)
    }
  }

  /// Stores a recording of one word of a pair (replacing any), checking that it is audio of a kind
  /// browsers record: its bytes must be what `contentType` says (WebM, Ogg, MP4, WAV or MP3).
  public func setRecording(pairID: Int64, side: PairSide, data: Data, contentType: String) async throws {
    guard data.count <= Self.maxRecordingBytes else {
      throw PhrasebookError.badRecording(.tooLarge(limit: Self.maxRecordingBytes))
    }
    let declared = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let type = recordingTypes.first(where: { $0.matches(data) }) else {
      throw PhrasebookError.badRecording(.notAudio)
    }
    guard let declared, type.contentTypes.contains(declared) else {
      throw PhrasebookError.badRecording(.typeMismatch(found: type.fileExtension, declared: declared))
    }
    let media = MediaWriter(folder: mediaFolder, images: ["recording.\(type.fileExtension)": data])
    let name = try media.store("recording.\(type.fileExtension)")
    do {
      try await writer.write { db in
        guard try WordPair.fetchOne(db, key: pairID) != nil else { throw PhrasebookError.unknownPairID(pairID) }
        try db.execute(
          sql: """
            INSERT INTO PairRecordings (pairID, side, file) VALUES (?, ?, ?)
            ON CONFLICT(pairID, side) DO UPDATE SET file = excluded.file
            """, arguments: [pairID, side.rawValue, name])
      }
    } catch {
      media.removeCreated()
      throw error
    }
  }

  /// Deletes the recording of one word of a pair (the synthetic voice is heard again).
  public func deleteRecording(pairID: Int64, side: PairSide) async throws {
    try await writer.write { db in
      guard try WordPair.fetchOne(db, key: pairID) != nil else { throw PhrasebookError.unknownPairID(pairID) }
      try db.execute(
        sql: "DELETE FROM PairRecordings WHERE pairID = ? AND side = ?", arguments: [pairID, side.rawValue])
    }
  }
}

/// An audio format a recording may be in, recognised by its first bytes.
struct RecordingType: Sendable {
  let fileExtension: String
  /// The media type it is served as.
  let contentType: String
  /// The media types a client may send it as.
  let contentTypes: Set<String>
  let matches: @Sendable (Data) -> Bool
}

/// The formats MediaRecorder writes (WebM in Chromium and Firefox, MP4 in Safari, Ogg) and the
/// usual audio files.
let recordingTypes: [RecordingType] = [
  RecordingType(
    fileExtension: "webm", contentType: "audio/webm", contentTypes: ["audio/webm", "video/webm"],
    matches: { $0.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) }),
  RecordingType(
    fileExtension: "ogg", contentType: "audio/ogg", contentTypes: ["audio/ogg", "application/ogg"],
    matches: { $0.starts(with: Array("OggS".utf8)) }),
  RecordingType(
    fileExtension: "m4a", contentType: "audio/mp4", contentTypes: ["audio/mp4", "audio/x-m4a", "audio/aac"],
    matches: { $0.count > 12 && $0.dropFirst(4).starts(with: Array("ftyp".utf8)) }),
  RecordingType(
    fileExtension: "wav", contentType: "audio/wav", contentTypes: ["audio/wav", "audio/x-wav", "audio/wave"],
    matches: { $0.starts(with: Array("RIFF".utf8)) && $0.dropFirst(8).starts(with: Array("WAVE".utf8)) }),
  RecordingType(
    fileExtension: "mp3", contentType: "audio/mpeg", contentTypes: ["audio/mpeg", "audio/mp3"],
    matches: {
      $0.starts(with: Array("ID3".utf8))
        || ($0.count > 1 && $0[$0.startIndex] == 0xFF && $0[$0.startIndex + 1] & 0xE0 == 0xE0)
    }),
]
