import Foundation
import ShareSynch

/// The server's running presentation and everyone watching it: presenters, displays, stage views
/// and remotes, each a connection that receives text messages (the server's WebSocket). Clients
/// send intents; the hub applies them to the one `LivePresentation` and pushes the new state to
/// every client, numbered so a client never applies an older state over a newer one. One
/// presentation runs at a time (one projector).
///
/// No change may be lost: the state is never copied across an `await` (the actor lets other
/// intents in there); whatever must be read from the store is read first, then the live state
/// is changed in place, checking it is still the same presentation.
public actor PresentationHub {
  /// Who a connection is.
  public enum Role: String, Sendable {
    /// The speaker's window: it moves the presentation and measures the notes pages.
    case presenter
    /// The audience's screen.
    case display
    /// The speaker's second screen (a pulpit tablet or monitor): slides, notes page, clocks.
    case stage
    /// A phone with back and next buttons.
    case remote
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
  /// The presenter window whose notes pages count: the one that moved the presentation last.
  /// Other presenters (another size, another font) follow its page; their counts are ignored.
  private var pageLeader: UUID?
  /// Bumped whenever a presenter connects, so a pending end of presentation mode knows it is stale.
  private var presenterGeneration = 0
  /// Series being deleted: none of them may start while the files go.
  private var deleting: Set<String> = []
  /// How long presentation mode outlives its last presenter: a reload, F5 from a clicker or
  /// Edit → Done must not end the run (nor split the timer log).
  private let presenterGrace: Duration

  /// A hub with no presentation running, over `store`, logging long runs to `timerLog`.
  public init(store: ShareSynchStore, timerLog: TimerLog? = nil, presenterGrace: Duration = .seconds(30)) {
    self.store = store
    self.timerLog = timerLog
    self.presenterGrace = presenterGrace
  }

  /// Starts presenting a sermon at slide 1 and remembers it as the last used. Unless `restart`,
  /// a presentation of the same sermon that is already running is joined where it is (a second
  /// presenter window, or a reload); choosing a sermon from the menu restarts it.
  public func start(series: String, sermon: String, restart: Bool = false) async throws -> PresentationSnapshot {
    if !restart, let live, live.series == series, live.sermon == sermon { return snapshot(of: live) }
    guard !deleting.contains(series) else { throw ShareSynchError.unknownSeries(series) }
    let slides = try await store.slides(series: series, sermon: sermon)
    let state = try await store.sermonState(series: series, sermon: sermon)
    let end = try await store.settings().endOfSermon
    try await store.rememberLastSermon(SermonReference(series: series, sermon: sermon))
    // A deletion that began while the sermon was read wins: its files are going.
    guard !deleting.contains(series) else { throw ShareSynchError.unknownSeries(series) }
    if live?.series != series || live?.sermon != sermon { recordRun() }
    live = LivePresentation(
      series: series, sermon: sermon, slides: slides.map(\.presentation), appeal: state.appeal,
      songs: try store.manifest(series).songs, endOfSermon: end, target: state.targetSeconds)
    await broadcast()
    return current()!
  }

  /// The running presentation's state (nil when none runs).
  public func current() -> PresentationSnapshot? { live.map(snapshot(of:)) }

  /// Applies an intent to the running presentation and pushes the result. `from` is the client
  /// that sent it: a presenter that moves the presentation becomes the one whose notes pages count.
  public func apply(_ intent: PresentationIntent, from client: UUID? = nil) async throws -> PresentationSnapshot {
    guard let target = live else { throw ShareSynchError.nothingPresented }
    if case .appeal(let setting) = intent {  // the sermon keeps its appeal choice
      _ = try await store.setAppeal(setting, series: target.series, sermon: target.sermon)
    }
    // Other intents may have run during the await: apply this one to the state as it is now.
    guard var presentation = live, presentation.series == target.series, presentation.sermon == target.sermon else {
      throw ShareSynchError.nothingPresented
    }
    switch intent {
    case .advance, .back, .jump, .show:
      if let client, clients[client]?.role == .presenter { pageLeader = client }
    case .pages:
      // Only a presenter measures notes pages, and while the one that moved last is connected, only it.
      if let client, clients[client]?.role != .presenter { return snapshot(of: presentation) }
      if let client, let pageLeader, client != pageLeader, clients[pageLeader] != nil {
        return snapshot(of: presentation)
      }
    case .videoReport:
      // Only a display knows how its video plays.
      if let client, clients[client]?.role != .display { return snapshot(of: presentation) }
    default: break
    }
    let slideBefore = presentation.engine.current?.id
    guard presentation.apply(intent) else { return snapshot(of: presentation) }
    live = presentation
    // The state every screen was sent, not one read again after the sends: its timer is read when
    // the intent took effect (a reset answers 0 however long a slow socket held the sends).
    let sent = await broadcast()
    if let slide = presentation.engine.current?.id, slide != slideBefore {
      let (store, series, sermon) = (store, presentation.series, presentation.sermon)
      Task { try? await store.rememberSlide(slide, series: series, sermon: sermon) }
    }
    return sent ?? snapshot(of: presentation)
  }

  /// Reloads the slides after a change to the series (languages, variation, edits).
  public func slidesChanged(series: String) async throws {
    guard let target = live, target.series == series else { return }
    let slides = try await store.slides(series: series, sermon: target.sermon)
    let state = try await store.sermonState(series: series, sermon: target.sermon)
    // Advances made while the slides were read stay; another sermon started meanwhile is left alone.
    guard live?.series == series, live?.sermon == target.sermon else { return }
    live?.replaceSlides(slides.map(\.presentation))
    live?.setTarget(state.targetSeconds)  // another variation may have another target
    await broadcast()
  }

  /// The sermon's target length changed in the store: a running presentation of it shows the
  /// stored one (read here, so two changes in quick succession end on the last one stored).
  public func targetChanged(series: String, sermon: String) async throws {
    guard live?.series == series, live?.sermon == sermon else { return }
    let state = try await store.sermonState(series: series, sermon: sermon)
    guard live?.series == series, live?.sermon == sermon else { return }
    live?.setTarget(state.targetSeconds)
    await broadcast()
  }

  /// Runs `delete` for a series that is not being presented, and refuses to start it meanwhile
  /// (checking and deleting as one step: a start cannot slip in between).
  public func deleting(series: String, _ delete: @Sendable () async throws -> Void) async throws {
    guard live?.series != series, !deleting.contains(series) else {
      throw ShareSynchError.seriesBeingPresented(series)
    }
    deleting.insert(series)
    defer { deleting.remove(series) }
    try await delete()
  }

  /// The settings changed what advancing past the last slide does.
  public func endOfSermonChanged(_ end: EndOfSermon) async {
    guard live != nil else { return }
    live?.setEndOfSermon(end)
    await broadcast()
  }

  /// Connects a client: sends it the current state at once (a display that reconnects catches
  /// up); presenters learn that a display, stage view or remote arrived. Returns the id to
  /// disconnect with.
  public func connect(role: Role, send: @escaping Send) async -> UUID {
    let id = UUID()
    clients[id] = Client(role: role, send: send)
    if role == .presenter {
      presenterGeneration += 1
      if presentingSince == nil { presentingSince = Date() }
    }
    if role == .presenter, let live {
      try? await send(Self.encode(StateMessage(seq: sequence, state: snapshot(of: live))))
    } else {
      await broadcast()
    }
    return id
  }

  /// Applies an intent a client sent as JSON; returns the error message to send back, if any.
  public func receive(_ text: String, from client: UUID? = nil) async -> String? {
    do {
      _ = try await apply(JSONDecoder().decode(PresentationIntent.self, from: Data(text.utf8)), from: client)
      return nil
    } catch {
      return Self.encode(["error": "\(error)"])
    }
  }

  /// Disconnects a client; when the last presenter has been gone for the grace period,
  /// presentation mode ends.
  public func disconnect(_ id: UUID) async {
    let role = clients.removeValue(forKey: id)?.role
    if pageLeader == id { pageLeader = nil }
    if role == .presenter, !clients.values.contains(where: { $0.role == .presenter }) {
      let generation = presenterGeneration
      let grace = presenterGrace
      Task {
        try? await Task.sleep(for: grace)
        await self.endPresentationMode(ifStill: generation)
      }
    }
    await broadcast()
  }

  /// Ends presentation mode unless a presenter came back since `generation`.
  private func endPresentationMode(ifStill generation: Int) {
    guard generation == presenterGeneration, !clients.values.contains(where: { $0.role == .presenter }) else {
      return
    }
    recordRun()
  }

  /// A run of 20 minutes or more goes into the timer log. Presentation mode ends, or begins anew
  /// for the next sermon when presenters are still there.
  private func recordRun() {
    defer { presentingSince = clients.values.contains { $0.role == .presenter } ? Date() : nil }
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
      remotes: clients.values.filter { $0.role == .remote }.count,
      stages: clients.values.filter { $0.role == .stage }.count)
  }

  /// Sends the state to every client at once (a slow socket delays no other screen); returns it.
  @discardableResult
  private func broadcast() async -> PresentationSnapshot? {
    guard let live else { return nil }
    let state = snapshot(of: live)
    sequence += 1
    let message = Self.encode(StateMessage(seq: sequence, state: state))
    await withTaskGroup(of: Void.self) { group in
      for client in clients.values {
        group.addTask { try? await client.send(message) }
      }
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
