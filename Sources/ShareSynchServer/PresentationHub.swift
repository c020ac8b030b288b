import Foundation
import ShareSynch

/// The server's running presentation and everyone watching it: presenters, displays and remotes,
/// each a connection that receives text messages (the server's WebSocket). Clients send intents;
/// the hub applies them to the one `LivePresentation` and pushes the new state to every client,
/// numbered so a client never applies an older state over a newer one. One presentation runs at a
/// time (one projector).
public actor PresentationHub {
  /// Who a connection is.
  public enum Role: String, Sendable {
    case presenter, display, remote
  }

  /// Sends one text message to a connected client.
  public typealias Send = @Sendable (String) async throws -> Void

  private struct Client {
    let role: Role
    let send: Send
  }

  /// The series store the presentations read.
  public let store: ShareSynchStore
  private var live: LivePresentation?
  private var clients: [UUID: Client] = [:]
  private var sequence = 0
  /// Where presentation runs of 20 minutes or more are logged (none in tests).
  private let timerLog: TimerLog?
  /// When presentation mode began: the first presenter's arrival since the last one left.
  private var presentingSince: Date?

  /// A hub with no presentation running, over `store`, logging long runs to `timerLog`.
  public init(store: ShareSynchStore, timerLog: TimerLog? = nil) {
    self.store = store
    self.timerLog = timerLog
  }

  /// Starts presenting a sermon at slide 1 and remembers it as the last used. Unless `restart`,
  /// a presentation of the same sermon that is already running is joined where it is (a second
  /// presenter window, or a reload); choosing a sermon from the menu restarts it.
  public func start(series: String, sermon: String, restart: Bool = false) async throws -> PresentationSnapshot {
    if !restart, let live, live.series == series, live.sermon == sermon { return snapshot(of: live) }
    let slides = try await store.slides(series: series, sermon: sermon)
    let state = try await store.sermonState(series: series, sermon: sermon)
    live = LivePresentation(
      series: series, sermon: sermon, slides: slides.map(\.presentation), appeal: state.appeal,
      songs: try store.manifest(series).songs)
    try await store.rememberLastSermon(SermonReference(series: series, sermon: sermon))
    await broadcast()
    return current()!
  }

  /// The running presentation's state (nil when none runs).
  public func current() -> PresentationSnapshot? { live.map(snapshot(of:)) }

  /// Applies an intent to the running presentation and pushes the result.
  public func apply(_ intent: PresentationIntent) async throws -> PresentationSnapshot {
    guard var presentation = live else { throw ShareSynchError.nothingPresented }
    if case .appeal(let setting) = intent {  // the sermon keeps its appeal choice
      _ = try await store.setAppeal(setting, series: presentation.series, sermon: presentation.sermon)
    }
    let slideBefore = presentation.engine.current?.id
    guard presentation.apply(intent) else { return snapshot(of: presentation) }
    live = presentation
    await broadcast()
    if let slide = presentation.engine.current?.id, slide != slideBefore {
      let store = store
      Task { try? await store.rememberSlide(slide, series: presentation.series, sermon: presentation.sermon) }
    }
    return snapshot(of: presentation)
  }

  /// Reloads the slides after a change to the series (languages, variation, edits).
  public func slidesChanged(series: String) async throws {
    guard var presentation = live, presentation.series == series else { return }
    let slides = try await store.slides(series: series, sermon: presentation.sermon)
    presentation.replaceSlides(slides.map(\.presentation))
    live = presentation
    await broadcast()
  }

  /// Connects a client: sends it the current state at once (a display that reconnects catches
  /// up); presenters learn that a display or remote arrived. Returns the id to disconnect with.
  public func connect(role: Role, send: @escaping Send) async -> UUID {
    let id = UUID()
    clients[id] = Client(role: role, send: send)
    if role == .presenter, presentingSince == nil { presentingSince = Date() }
    if role == .presenter, let live {
      try? await send(Self.encode(StateMessage(seq: sequence, state: snapshot(of: live))))
    } else {
      await broadcast()
    }
    return id
  }

  /// Applies an intent a client sent as JSON; returns the error message to send back, if any.
  public func receive(_ text: String) async -> String? {
    do {
      _ = try await apply(JSONDecoder().decode(PresentationIntent.self, from: Data(text.utf8)))
      return nil
    } catch {
      return Self.encode(["error": "\(error)"])
    }
  }

  /// Disconnects a client; the last presenter leaving ends presentation mode.
  public func disconnect(_ id: UUID) async {
    let role = clients.removeValue(forKey: id)?.role
    if role == .presenter, !clients.values.contains(where: { $0.role == .presenter }) { endPresentationMode() }
    await broadcast()
  }

  /// The last presenter left: a run of 20 minutes or more goes into the timer log.
  private func endPresentationMode() {
    defer { presentingSince = nil }
    guard let start = presentingSince, let live, let timerLog, let manifest = try? store.manifest(live.series) else {
      return
    }
    let title = manifest.sermons.first { $0.id == live.sermon }?.title(in: nil) ?? live.sermon
    _ = try? timerLog.record(
      PresentationRun(
        sermon: title, series: manifest.name, start: start, duration: Date().timeIntervalSince(start)))
  }

  private func snapshot(of presentation: LivePresentation) -> PresentationSnapshot {
    presentation.snapshot(
      displays: clients.values.filter { $0.role == .display }.count,
      remotes: clients.values.filter { $0.role == .remote }.count)
  }

  /// Sends the state to every client; returns it.
  @discardableResult
  private func broadcast() async -> PresentationSnapshot? {
    guard let live else { return nil }
    let state = snapshot(of: live)
    sequence += 1
    let message = Self.encode(StateMessage(seq: sequence, state: state))
    for client in clients.values {
      try? await client.send(message)
    }
    return state
  }

  /// What clients receive: `{"seq": N, "state": {…}}`.
  struct StateMessage: Encodable {
    let seq: Int
    let state: PresentationSnapshot
  }

  private static func encode(_ value: some Encodable) -> String {
    String(decoding: (try? JSONEncoder().encode(value)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
