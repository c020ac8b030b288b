import Localization
import SyncHub
import WebApp

extension HubError {
  /// The hub store's refusal in the command's language (`hub.error.*`, `hub.reason.change.*`).
  var words: String {
    switch self {
    case .badProject(let project):
      t("hub.error.badProject", ["project": .text(project), "max": .number(HubRules.maxProjectLength)])
    case .badMember(let member):
      t("hub.error.badMember", ["member": .text(member), "max": .number(HubRules.maxMemberLength)])
    case .badChange(let device, let counter, let reason):
      t(
        "hub.error.badChange",
        ["device": .text(device), "counter": .text(String(counter)), "problem": .text(Self.words(reason))])
    }
  }

  private static func words(_ problem: ChangeProblem) -> String {
    switch problem {
    case .otherProject(let project): t("hub.reason.change.otherProject", ["project": .text(project)])
    case .counterBelowOne: t("hub.reason.change.counterBelowOne")
    case .badDevice: t("hub.reason.change.badDevice", ["max": .number(HubRules.maxDeviceLength)])
    case .payloadTooLarge: t("hub.reason.change.payloadTooLarge", ["size": .bytes(Int64(HubRules.maxPayloadBytes))])
    case .unreadableClock(let clock): t("hub.reason.change.unreadableClock", ["clock": .text(clock)])
    }
  }
}

extension HubStoreError {
  /// Why the hub's database cannot be used, in the command's language (`hub.error.unreadableDatabase`).
  var words: String {
    switch self {
    case .unreadableSQLite(let path, let code):
      t(
        "hub.error.unreadableDatabase",
        ["path": .text(path), "problem": .text(sqliteReasonWords(code, localizer: CommandLanguage.localizer))])
    case .postgresUnavailable(let server, let database):
      t("hub.error.postgresUnavailable", ["server": .text(server), "database": .text(database)])
    }
  }
}
