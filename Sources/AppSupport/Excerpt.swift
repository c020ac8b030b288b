/// Outside input as an error message shows it: cut to `limit` characters (whole graphemes) with an
/// ellipsis, so a message never echoes a whole file or request.
public func excerpt(_ text: some StringProtocol, limit: Int = 80) -> String {
  text.count > limit ? text.prefix(limit) + "…" : String(text)
}
