import AppSupport
import Hummingbird
import Localization
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

  /// The error in the request's language, its inputs in the message's placeholders.
  var words: String {
    switch self {
    case .badPackage(let file, let reason):
      t("sharesynch.error.badPackage", ["file": .text(shortened(file)), "reason": .text(ReasonWords.package(reason))])
    case .checksumMismatch(let file, let expected, let actual):
      t(
        "sharesynch.error.checksumMismatch",
        ["file": .text(shortened(file)), "actual": .text(actual), "expected": .text(expected)])
    case .badResource(let path, let reason):
      t("sharesynch.error.badResource", ["path": .text(shortened(path)), "reason": .text(ReasonWords.package(reason))])
    case .unsafeEntry(let path, let reason):
      t("sharesynch.error.unsafeEntry", ["path": .text(shortened(path)), "reason": .text(ReasonWords.package(reason))])
    case .noSpace(let needed, let available):
      t("sharesynch.error.noSpace", ["needed": .bytes(needed), "available": .bytes(available)])
    case .badSeriesFolder(let path, let reason):
      t(
        "sharesynch.error.badSeriesFolder",
        ["path": .text(shortened(path)), "reason": .text(ReasonWords.package(reason))])
    case .alreadyInstalled(let id): t("sharesynch.error.alreadyInstalled", ["id": .text(shortened(id))])
    case .unknownSeries(let id): t("sharesynch.error.unknownSeries", ["id": .text(shortened(id))])
    case .unknownSermon(let id): t("sharesynch.error.unknownSermon", ["id": .text(shortened(id))])
    case .unknownVariation(let id): t("sharesynch.error.unknownVariation", ["id": .text(String(id))])
    case .unknownSlide(let id): t("sharesynch.error.unknownSlide", ["id": .text(String(id))])
    case .unknownLanguage(let code, let offered):
      t(
        "sharesynch.error.unknownLanguage",
        ["language": .text(shortened(code)), "offered": .text(offered.joined(separator: ", "))])
    case .originalIsReadOnly(let what):
      what == "deleted" ? t("sharesynch.error.originalNotDeleted") : t("sharesynch.error.originalNotEdited")
    case .badVariationName(let name, let problem):
      switch problem {
      case .blank: t("sharesynch.error.variationNameBlank")
      case .tooLong(let limit): t("sharesynch.error.variationNameTooLong", ["count": .number(limit)])
      case .controlCharacter(let scalar):
        t("sharesynch.error.variationNameControl", ["character": .text(controlCharacterName(scalar))])
      case .taken: t("sharesynch.error.variationNameTaken", ["name": .text(shortened(name))])
      }
    case .unknownSong(let song): t("sharesynch.error.unknownSong", ["song": .text(shortened(song))])
    case .visibilityCountMismatch(let slides, let hidden):
      t("sharesynch.error.visibilityCountMismatch", ["slides": .number(slides), "hidden": .number(hidden)])
    case .notSlideMedia: t("sharesynch.error.notSlideMedia")
    case .badActivationCode(let reason):
      t("sharesynch.error.badActivationCode", ["reason": .text(ReasonWords.activation(reason))])
    case .badCatalog(let reason): t("sharesynch.error.badCatalog", ["reason": .text(ReasonWords.catalog(reason))])
    case .badCatalogAddress: t("sharesynch.error.badCatalogAddress")
    case .noCatalogAddress: t("sharesynch.error.noCatalogAddress")
    case .unknownDownload(let id): t("sharesynch.error.unknownDownload", ["id": .text(shortened(id))])
    case .unknownDownloadAction(let action):
      t("sharesynch.error.unknownDownloadAction", ["action": .text(shortened(action))])
    case .nothingPresented: t("sharesynch.error.nothingPresented")
    case .seriesBeingPresented: t("sharesynch.error.seriesBeingPresented")
    case .badTargetLength(let seconds, let allowed):
      t(
        "sharesynch.error.badTargetLength",
        [
          "seconds": .text(String(seconds)), "low": .text(String(allowed.lowerBound)),
          "high": .text(String(allowed.upperBound)),
        ])
    case .cannotImport(let file, let reason):
      t(
        "sharesynch.error.cannotImport",
        ["file": .text(shortened(file)), "reason": .text(ReasonWords.slideImport(reason))])
    case .passwordProtected(let file): t("sharesynch.error.passwordProtected", ["file": .text(shortened(file))])
    case .emptyDocument(let file): t("sharesynch.error.emptyDocument", ["file": .text(shortened(file))])
    case .importTimedOut(let file, let seconds):
      t("sharesynch.error.importTimedOut", ["file": .text(shortened(file)), "seconds": .number(seconds)])
    case .converterMissing(let tool): t("sharesynch.error.converterMissing", ["tool": .text(shortened(tool))])
    case .nothingToImport: t("sharesynch.error.nothingToImport")
    case .badName(let name, let what):
      switch (name.trimmed.isEmpty, what == "series") {
      case (true, true): t("sharesynch.error.seriesNameBlank")
      case (true, false): t("sharesynch.error.sermonTitleBlank")
      case (false, true): t("sharesynch.error.seriesNameTooLong")
      case (false, false): t("sharesynch.error.sermonTitleTooLong")
      }
    case .badSlideWidth(let width, let allowed):
      t(
        "sharesynch.error.badSlideWidth",
        [
          "width": .text(String(width)), "low": .text(String(allowed.lowerBound)),
          "high": .text(String(allowed.upperBound)),
        ])
    case .importRunning: t("sharesynch.error.importRunning")
    case .unknownImport(let id): t("sharesynch.error.unknownImport", ["id": .text(shortened(id))])
    }
  }
}
