import HTTPTypes
import Localization
import WebFetch

/// A download that failed answers 502, worded in the request's language (`error.reason.download.*`).
extension DownloadError: ServerError {
  var status: HTTPResponse.Status { .badGateway }
  var field: String? { nil }

  var words: String {
    switch problem {
    case .notAWebAddress(let address): t("error.reason.download.notAWebAddress", ["address": .text(address)])
    case .status(let host, let code, let path):
      t("error.reason.download.status", ["host": .text(host), "code": .text(String(code)), "path": .text(path)])
    case .tooLarge(let size?, let limit):
      t("error.reason.download.tooLarge", ["size": .bytes(size), "limit": .bytes(limit)])
    case .tooLarge(nil, let limit): t("error.reason.download.tooLargeWhileReceiving", ["limit": .bytes(limit)])
    case .largerThanAnnounced(let size?, let announced):
      t("error.reason.download.largerThanAnnounced", ["size": .bytes(size), "announced": .bytes(announced)])
    case .largerThanAnnounced(nil, let announced):
      t("error.reason.download.largerThanAnnouncedWhileReceiving", ["announced": .bytes(announced)])
    case .brokeOff(let host, let received?):
      t("error.reason.download.brokeOffResumable", ["host": .text(host), "received": .bytes(received)])
    case .brokeOff(let host, nil): t("error.reason.download.brokeOff", ["host": .text(host)])
    case .timedOut(let host, let seconds):
      t("error.reason.download.timedOut", ["host": .text(host), "seconds": .number(Int(seconds))])
    case .unreachable(let host, let port, let code):
      unreachable(port.map { "\(host):\($0)" } ?? host, code)
    case .doesNotResolve(let host): t("error.reason.download.doesNotResolve", ["host": .text(host)])
    case .notAnInternetAddress(let host): t("error.reason.download.notAnInternetAddress", ["host": .text(host)])
    case .notPublic(let host, let kind, let address):
      t(
        "error.reason.download.notPublic",
        ["host": .text(host), "kind": .text(t("error.reason.address.\(kind)")), "address": .text(address)])
    case .tooManyRedirects(let host, let limit):
      t("error.reason.download.tooManyRedirects", ["host": .text(host), "limit": .number(limit)])
    case .redirectNotWeb(let host): t("error.reason.download.redirectNotWeb", ["host": .text(host)])
    }
  }

  private func unreachable(_ address: String, _ code: Int32?) -> String {
    guard let code else { return t("error.reason.download.unreachable", ["address": .text(address)]) }
    return t("error.reason.download.unreachableCode", ["address": .text(address), "code": .text(String(code))])
  }
}
