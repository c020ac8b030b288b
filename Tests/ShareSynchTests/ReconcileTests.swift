import Foundation
import Testing

@testable import ShareSynch

/// Start-up makes the series folders and the database agree, whatever state they were left in.
@Suite struct ReconcileTests {
  let fixture: SeriesFixture
  init() throws { fixture = try SeriesFixture() }

  func folders() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: fixture.root.path)) ?? []).sorted()
  }

  @Test func aSeriesWhoseRowIsGoneIsAdoptedAndCanBeUsed() async throws {
    _ = try await ShareSynchStore.inMemory(seriesRoot: fixture.root).install(try fixture.package())
    let restored = try ShareSynchStore.inMemory(seriesRoot: fixture.root)  // the database lost its rows
    let done = try await restored.reconcile()
    #expect(done == ["adopted the series grace, installed but missing from the database"])
    #expect(try await restored.series().map(\.id) == ["grace"])
    #expect(try await restored.slides(series: "grace", sermon: "one").count == 3)
    #expect(try await restored.reconcile().isEmpty, "a second start has nothing to do")
  }

  @Test func leftoversOfAKilledInstallAndUnusableFoldersAreClearedAndTheInstallWorksAgain() async throws {
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    let staging = fixture.root.appendingPathComponent(SeriesPackage.stagingPrefix + "killed")
    try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    let broken = fixture.root.appendingPathComponent("grace")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    try Data("{".utf8).write(to: broken.appendingPathComponent("manifest.json"))
    let done = try await store.reconcile()
    #expect(done.count == 2 && done[0].contains("did not finish") && done[1].contains("moved grace to unusable/"))
    #expect(folders() == ["unusable"])
    _ = try await store.install(try fixture.package())
    #expect(try await store.series().map(\.id) == ["grace"], "the series installs again")
  }

  @Test func aRowWhoseFolderIsGoneIsDropped() async throws {
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    _ = try await store.install(try fixture.package())
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("grace"))
    #expect(
      try await store.reconcile() == [
        "dropped the series grace from the database: its folder is gone (install it again)"
      ])
    #expect(try await store.series().isEmpty)
    _ = try await store.install(try fixture.package())
    #expect(try await store.series().map(\.id) == ["grace"])
  }

  @Test func whenTheWholeSeriesFolderIsMissingNoRowIsDropped() async throws {
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    _ = try await store.install(try fixture.package())
    _ = try await store.createVariation(series: "grace", name: "Mine")
    let moved = fixture.root.deletingLastPathComponent().appendingPathComponent("elsewhere")
    try FileManager.default.moveItem(at: fixture.root, to: moved)
    let done = try await store.reconcile()
    #expect(done.count == 1 && done[0].contains("is missing: 1 series cannot be shown until it is back"), "\(done)")
    try FileManager.default.moveItem(at: moved, to: fixture.root)
    #expect(try await store.reconcile().isEmpty)
    #expect(try await store.variations(series: "grace").map(\.name) == ["Original", "Mine"], "the variation is kept")
  }

  @Test func twoInstallsOfOneSeriesAtOnceLeaveOneSeriesAndAClearRefusal() async throws {
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    let package = try fixture.package()
    let outcomes = await withTaskGroup(of: String.self) { group in
      for _ in 0..<4 {
        group.addTask {
          do {
            return try await store.install(package).id
          } catch {
            return "\(error)"
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 == "grace" }.count == 1, "\(outcomes)")
    #expect(outcomes.filter { $0 == "the series grace is already installed" }.count == 3, "\(outcomes)")
    #expect(folders() == ["grace"], "no staging folder is left")
    #expect(try await store.series().map(\.id) == ["grace"])
  }
}
