import Hummingbird

/// Lexikon's one screen, `/lexikon`: its script drives the JSON API.
struct LexikonPages: Sendable {
  let pages: Pages

  struct View {
    let title = "Lexikon"
    let lexikon = true
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get { _, _ in try pages.render("lexikon", View()) }
  }
}
