import Hummingbird
import ShareSynch

extension ShareSynchError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unknownSeries, .unknownSermon, .unknownVariation, .unknownSlide, .unknownDownload, .unknownImport: .notFound
    case .alreadyInstalled, .originalIsReadOnly, .noCatalogAddress, .nothingPresented, .seriesBeingPresented,
      .importRunning:
      .conflict
    case .badCatalogAddress, .unknownDownloadAction, .nothingToImport: .badRequest
    case .converterMissing: .serviceUnavailable
    case .importTimedOut: .unprocessableContent
    case .noSpace: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
    case .badPackage, .checksumMismatch, .badResource, .unsafeEntry, .badSeriesFolder, .unknownLanguage,
      .badVariationName, .unknownSong, .visibilityCountMismatch, .notSlideMedia, .badActivationCode, .badCatalog,
      .badTargetLength, .cannotImport, .passwordProtected, .emptyDocument, .badName, .badSlideWidth:
      .unprocessableContent
    }
  }

  /// The form field or request member each case is about.
  var field: String? {
    switch self {
    case .badVariationName: "name"
    case .badCatalogAddress: "catalogURL"
    case .badActivationCode: "activation"
    case .unknownSong: "song"
    case .notSlideMedia: "file"
    case .unknownLanguage: "language"
    case .badTargetLength: "seconds"
    case .cannotImport, .passwordProtected, .emptyDocument, .importTimedOut, .nothingToImport: "file"
    case .badName: "name"
    case .badSlideWidth: "slideWidth"
    case .badPackage, .checksumMismatch, .badResource, .unsafeEntry, .noSpace, .badSeriesFolder, .alreadyInstalled,
      .unknownSeries, .unknownSermon, .unknownVariation, .unknownSlide, .originalIsReadOnly,
      .visibilityCountMismatch, .badCatalog, .noCatalogAddress, .unknownDownload, .unknownDownloadAction,
      .nothingPresented, .seriesBeingPresented, .converterMissing, .importRunning, .unknownImport:
      nil
    }
  }
}
