import Foundation
import Hummingbird
import ShareSynchServer

extension QRCodeError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .badLength: .unprocessableContent
    case .notEncoded: .internalServerError
    }
  }

  /// No case is about a request member: the server chose the text.
  var field: String? {
    switch self {
    case .badLength, .notEncoded: nil
    }
  }

  /// The error in the request's language.
  var words: String {
    switch self {
    case .badLength(let bytes, let limit):
      t("sharesynch.error.qrLength", ["limit": .number(limit), "bytes": .number(bytes)])
    case .notEncoded(let errno):
      t("sharesynch.error.qrNotEncoded", ["reason": .text(String(cString: strerror(errno)))])
    }
  }
}
