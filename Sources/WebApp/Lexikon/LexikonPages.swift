/// Lexikon's one screen, `/lexikon`: its script drives the JSON API.
struct LexikonPage {
  let title = "Lexikon"
  let lexikon = true
}
