import AppSupport
import HTTPTypes
import Localization

/// A data folder that cannot be made answers 500, worded in the request's language
/// (`error.dataFolder.*`); the command line prints the same words.
extension DataFolderError: ServerError {
  var status: HTTPResponse.Status { .internalServerError }
  var field: String? { nil }

  var words: String {
    switch problem {
    case .fileInTheWay(let path): t("error.dataFolder.fileInTheWay", ["folder": .text(folder), "path": .text(path)])
    case .notWritable(let path): t("error.dataFolder.notWritable", ["folder": .text(folder), "path": .text(path)])
    case .other: t("error.dataFolder.other", ["folder": .text(folder)])
    }
  }
}
