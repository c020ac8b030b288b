import Hummingbird

/// ShareSynch's screens: the main menu with series and sermon selection (`/sharesynch`), the
/// presenter view (`/sharesynch/present`), the audience display (`/sharesynch/display`), the
/// phone remote (`/sharesynch/remote`), edit mode (`/sharesynch/edit`), downloads and settings. Their scripts drive the JSON API and the live socket.
struct ShareSynchPages: Sendable {
  let pages: Pages
  /// The access token, shown with the display's address when the server is on the LAN.
  let token: String?

  struct View {
    let title: String
    let token: String?
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get { _, _ in try pages.render("sharesynch", View(title: "ShareSynch", token: token)) }
    group.get("present") { _, _ in
      try pages.render("sharesynch-present", View(title: "ShareSynch presenter", token: token))
    }
    group.get("display") { _, _ in
      try pages.render("sharesynch-display", View(title: "ShareSynch display", token: token))
    }
    group.get("remote") { _, _ in
      try pages.render("sharesynch-remote", View(title: "ShareSynch remote", token: token))
    }
    group.get("edit") { _, _ in try pages.render("sharesynch-edit", View(title: "ShareSynch: edit", token: token)) }
    group.get("downloads") { _, _ in
      try pages.render("sharesynch-downloads", View(title: "ShareSynch: download series", token: token))
    }
    group.get("settings") { _, _ in
      try pages.render("sharesynch-settings", View(title: "ShareSynch: settings", token: token))
    }
  }
}
