import AppSupport

/// Every ShareSynch screen's model: its title, the access token shown with the display's address
/// when the server is on the LAN, and how a touch screen advances (from settings). The screens'
/// scripts drive the JSON API and the socket.
struct ShareSynchPage {
  let title: String
  let token: String?
  let advance: String
  /// For the settings page's About section.
  let version = ProductVersion.current
}
