import Localization
import ShareSynch

/// Why ShareSynch refused a package, a folder to pack or a file to import, in the request's
/// language (`sharesynch.reason.*`). Paths, ids and a tool's last line stay as they are.
extension ReasonWords {
  static func package(_ refusal: PackageRefusal) -> String {
    switch refusal {
    case .absolutePath: t("sharesynch.reason.absolutePath")
    case .forbiddenCharacter: t("sharesynch.reason.forbiddenCharacter")
    case .leavesFolder: t("sharesynch.reason.leavesFolder")
    case .symbolicLink: t("sharesynch.reason.symbolicLink")
    case .notAPlainFile: t("sharesynch.reason.notAPlainFile")
    case .heldTwice: t("sharesynch.reason.heldTwice")
    case .notListed: t("sharesynch.reason.notListed")
    case .unreadable: t("sharesynch.reason.unreadable")
    case .zip(let problem): zip(problem)
    case .manifestTooLarge(let limit): t("sharesynch.reason.manifestTooLarge", ["size": .bytes(limit)])
    case .noManifest: t("sharesynch.reason.noManifest")
    case .manifestNotASeries(let field?): t("sharesynch.reason.manifestNotASeriesAt", ["field": .text(field)])
    case .manifestNotASeries(nil): t("sharesynch.reason.manifestNotASeries")
    case .manifest(let problem): manifest(problem)
    case .sizeMismatch(let actual, let listed):
      t("sharesynch.reason.sizeMismatch", ["actual": .number(Int(actual)), "listed": .number(Int(listed))])
    case .missing: t("sharesynch.reason.missing")
    case .largerThanListed: t("sharesynch.reason.largerThanListed")
    case .damaged(let problem): t("sharesynch.reason.damaged", ["reason": .text(zip(problem))])
    case .checksumMismatch: t("sharesynch.reason.checksumMismatch")
    case .notSlideMedia: t("sharesynch.reason.notSlideMedia")
    case .misnamedMedia(let content, let named):
      t("sharesynch.reason.misnamedMedia", ["type": .text(content.uppercased()), "extension": .text(named)])
    case .noSeriesJSON: t("sharesynch.reason.noSeriesJSON")
    case .seriesJSONNotJSON: t("sharesynch.reason.seriesJSONNotJSON")
    case .seriesJSONNotASeries(let field?): t("sharesynch.reason.seriesJSONNotASeriesAt", ["field": .text(field)])
    case .seriesJSONNotASeries(nil): t("sharesynch.reason.seriesJSONNotASeries")
    case .missingOrNotAPlainFile: t("sharesynch.reason.missingOrNotAPlainFile")
    case .cannotWrite: t("sharesynch.reason.cannotWrite")
    case .demoVideoMissing: t("sharesynch.reason.demoVideoMissing")
    }
  }

  static func manifest(_ problem: ManifestProblem) -> String {
    switch problem {
    case .format(let found, let expected):
      t("sharesynch.reason.manifest.format", ["found": .text(found), "expected": .text(expected)])
    case .badID(.series, let id): t("sharesynch.reason.manifest.badID.series", ["id": .text(id)])
    case .badID(.song, let id): t("sharesynch.reason.manifest.badID.song", ["id": .text(id)])
    case .badID(.sermon, let id): t("sharesynch.reason.manifest.badID.sermon", ["id": .text(id)])
    case .badID(.slide, let id): t("sharesynch.reason.manifest.badID.slide", ["id": .text(id)])
    case .noLanguages: t("sharesynch.reason.manifest.noLanguages")
    case .resourceListedTwice: t("sharesynch.reason.manifest.resourceListedTwice")
    case .resourcePathNotAllowed(let path):
      t("sharesynch.reason.manifest.resourcePathNotAllowed", ["path": .text(path)])
    case .tooManyResources(let limit): t("sharesynch.reason.manifest.tooManyResources", ["limit": .number(limit)])
    case .resourceSizeOutOfRange(let path):
      t("sharesynch.reason.manifest.resourceSizeOutOfRange", ["path": .text(path)])
    case .idRepeats(.series): t("sharesynch.reason.manifest.idRepeats.series")
    case .idRepeats(.song): t("sharesynch.reason.manifest.idRepeats.song")
    case .idRepeats(.sermon): t("sharesynch.reason.manifest.idRepeats.sermon")
    case .idRepeats(.slide): t("sharesynch.reason.manifest.idRepeats.slide")
    case .noSuchSong(let sermon, let song):
      t("sharesynch.reason.manifest.noSuchSong", ["sermon": .text(sermon), "song": .text(song)])
    case .slideWithoutResource(let sermon, let slide):
      t("sharesynch.reason.manifest.slideWithoutResource", ["sermon": .text(sermon), "slide": .text(slide)])
    case .overlayColour(let sermon, let slide, let colour):
      t(
        "sharesynch.reason.manifest.overlayColour",
        ["sermon": .text(sermon), "slide": .text(slide), "colour": .text(colour)])
    case .variationWithoutSermon(let variation, let sermon):
      t("sharesynch.reason.manifest.variationWithoutSermon", ["variation": .text(variation), "sermon": .text(sermon)])
    case .variationWithoutSlide(let variation, let sermon, let slide):
      t(
        "sharesynch.reason.manifest.variationWithoutSlide",
        ["variation": .text(variation), "sermon": .text(sermon), "slide": .text(slide)])
    case .variationSlideShowsNothing(let variation, let sermon):
      t(
        "sharesynch.reason.manifest.variationSlideShowsNothing",
        ["variation": .text(variation), "sermon": .text(sermon)]
      )
    case .usedNotListed(let path): t("sharesynch.reason.manifest.usedNotListed", ["path": .text(path)])
    case .nulInText(let text): t("sharesynch.reason.manifest.nulInText", ["text": .text(text)])
    }
  }

  static func slideImport(_ refusal: ImportRefusal) -> String {
    switch refusal {
    case .notADeck: t("sharesynch.reason.import.notADeck")
    case .notPowerPoint: t("sharesynch.reason.import.notPowerPoint")
    case .noPresentationXML: t("sharesynch.reason.import.noPresentationXML")
    case .notOpenDocument: t("sharesynch.reason.import.notOpenDocument")
    case .noContentXML: t("sharesynch.reason.import.noContentXML")
    case .notReadablePDF: t("sharesynch.reason.import.notReadablePDF")
    case .pagesNotDrawn(let said): t("sharesynch.reason.import.pagesNotDrawn", ["said": .text(said)])
    case .officeCannotOpen(let said) where said.isEmpty: t("sharesynch.reason.import.officeCannotOpen")
    case .officeCannotOpen(let said): t("sharesynch.reason.import.officeCannotOpenSaying", ["said": .text(said)])
    }
  }
}
