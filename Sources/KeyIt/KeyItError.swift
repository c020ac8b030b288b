import AppSupport
import Foundation

/// Everything that can go wrong in Key It, with the input that caused it.
public enum KeyItError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A bundled resource file has a line that cannot be read.
  case badResourceLine(file: String, line: Int)
  /// No Bible exists yet (or the current one was removed).
  case noBible
  /// The Bible id does not exist.
  case unknownBible(id: Int64, known: [Int64])
  /// A name was blank after trimming.
  case blankName
  /// The book-name list is not one Key It ships.
  case unknownNameList(String, known: [String])
  /// The book code is not one of the 66.
  case unknownBook(code: String, known: [String])
  /// The chapter number is outside the book.
  case unknownChapter(book: String, chapter: Int, count: Int)
  /// The item id does not exist in this Bible.
  case unknownItem(id: Int64)
  /// A save typed on an older text of the item than the one stored (another tab or device saved
  /// since): refused, so the newer text is not overwritten.
  case staleText(itemID: Int64, typedOn: Int, current: Int)
  /// The action id is not one Key It knows.
  case unknownAction(String)
  /// The action exists but is not allowed on this item here.
  case actionNotAllowed(action: String, item: Words, allowed: [String])
  /// Paragraph items carry no text.
  case itemHasNoText(item: Words)
  /// A character offset outside the text.
  case offsetOutOfRange(offset: Int, length: Int)
  /// USFM that cannot be imported, with its place.
  case usfm(file: String, line: Int, column: Int, problem: USFMProblem)
  /// USFM whose chapters or verses the Bible's versification does not have, and the
  /// versifications it fits.
  case notInVersification(
    file: String, line: Int, problem: USFMProblem, versification: Versification, fits: [Versification])
  /// A book the Bible's versification does not number, or that the Bible has already.
  case cannotAddBook(code: String, reason: BookRefusal)
  /// Changing the Bible's versification would lose the text of these verses (each with why).
  case versificationLosesText(to: Versification, verses: [LostText])
  /// A file that cannot be read or written.
  case file(path: String, message: String)
  /// Text holds a control character stored text may not hold (see `forbiddenControlCharacter`).
  case controlCharacter(field: KeyItField, Unicode.Scalar)
  /// An export format Key It does not write.
  case unknownExportFormat(String, known: [String])
  /// No conflict with this id waits (`open`) or was resolved (undoing) in this Bible.
  case unknownConflict(id: String, open: Bool)
  /// A team hub's address that is not an http:// or https:// URL with a host.
  case badHubAddress(String)
  /// A blank member token, or one with spaces or control characters.
  case badToken
  /// The Bible (by its text id) has not joined a team on this device.
  case notInTeam(bibleUID: String)
  /// The hub holds no Bible with this text id (nothing to fetch).
  case notOnHub(bibleUID: String)
  /// The hub could not be reached, or answered with something that is not the hub's protocol.
  case hubUnreachable(HubUnreachable)
  /// The hub refused the member token (401), or the request.
  case hubRefused(status: Int)
  /// The Bible is shared with a team (or holds other devices' changes): every device numbers its
  /// verses alike, so its versification stays as it was shared.
  case versificationOfSharedBible(bibleUID: String)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .badResourceLine(let file, let line): "\(file) line \(line) is not in the KIT books format"
    case .noBible: "there is no Bible yet: create one first (scriptorium keyit init --name NAME)"
    case .unknownBible(let id, let known):
      "no Bible with id \(id); Bibles: \(known.isEmpty ? "none" : known.map(String.init).joined(separator: ", "))"
    case .blankName: "the name is blank"
    case .unknownNameList(let list, let known):
      "unknown book-name list \(quoted(list)); lists are: \(known.joined(separator: ", "))"
    case .unknownBook(let code, let known):
      "unknown book \(quoted(code)); books are: \(known.joined(separator: " "))"
    case .unknownChapter(let book, let chapter, let count):
      "\(book) has no chapter \(chapter); chapters are 1–\(count)"
    case .unknownItem(let id): "no item with id \(id) in this Bible"
    case .staleText(_, let typedOn, let current):
      "this text was changed elsewhere since you started typing (revision \(current), yours was typed on \(typedOn)): keep one of them"
    case .unknownAction(let name):
      "unknown action \(quoted(name)); actions are: \(ItemActionID.allCases.map(\.rawValue).joined(separator: ", "))"
    case .actionNotAllowed(let action, let item, let allowed):
      "\(action) is not allowed on \(item.english); allowed: \(allowed.isEmpty ? "none" : allowed.joined(separator: ", "))"
    case .itemHasNoText(let item): "\(item.english) carries no text"
    case .offsetOutOfRange(let offset, let length):
      "offset \(offset) is outside the text (0–\(length) characters)"
    case .usfm(let file, let line, let column, let problem): "\(shortened(file)):\(line):\(column): \(problem)"
    case .notInVersification(let file, let line, let problem, let versification, let fits):
      "\(shortened(file)):\(line): \(problem) in the \(versification.name) versification; the file fits "
        + fits.map(\.name).joined(separator: ", ") + ": create the Bible with one of them"
    case .cannotAddBook(let code, let reason): "\(quoted(code)) cannot be added: \(reason)"
    case .versificationLosesText(let to, let verses):
      "changing to \(to.name) numbering would lose text: \(verses.prefix(10).map(\.description).joined(separator: "; "))"
        + (verses.count > 10 ? " and \(verses.count - 10) more" : "")
        + ". Move or delete that text first; nothing was changed"
    case .file(let path, let message): "\(path): \(message)"
    case .controlCharacter(let field, let scalar):
      "\(field.words) holds the control character \(controlCharacterName(scalar)), which text may not hold: remove it"
    case .unknownExportFormat(let name, let known):
      "unknown export format \(quoted(name)); formats are: \(known.joined(separator: ", "))"
    case .unknownConflict(let id, let open):
      "no \(open ? "open" : "resolved") conflict \(quoted(id)) in this Bible"
    case .badHubAddress(let address): "\(quoted(address)) is not a hub address: give http://host:port or https://host"
    case .badToken: "the member token is blank or holds spaces: paste the token the hub's invite printed"
    case .notInTeam(let uid): "the Bible \(uid) has not joined a team on this device"
    case .notOnHub(let uid): "the hub has no Bible \(uid): check its id, or share it from the device that has it"
    case .hubUnreachable(let why): "the hub cannot be reached (\(why)); your work is kept and syncs later"
    case .versificationOfSharedBible(let uid):
      "the Bible \(uid) is shared with a team: its versification stays the one it was shared with"
    case .hubRefused(let status):
      status == 401
        ? "the hub refused the member token: ask for a new invitation" : "the hub refused the request (HTTP \(status))"
    }
  }
}

/// A field of a Key It form or request, named in errors about it.
public enum KeyItField: String, Sendable, Equatable {
  /// A Bible's or book's name.
  case name
  /// An item's text.
  case text

  /// How a sentence names the field.
  public var words: String {
    switch self {
    case .name: "the name"
    case .text: "the text"
    }
  }
}
