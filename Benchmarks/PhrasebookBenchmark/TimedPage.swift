import BenchmarkSupport
import Foundation
import Phrasebook

/// A search page timed where a server's route calls it: off the main actor, so the timing holds
/// no hop from main.swift's main actor to the pool's thread and back, which no route makes.
func timedSearchPage(_ store: PhrasebookStore, _ prefix: String) async throws -> (
  page: SearchPage, time: Double, cpu: Double
) {
  let (start, startCPU) = (ContinuousClock.now, processCPUMilliseconds())
  let page = try await store.searchPage(prefix, limit: 50)
  return (page, milliseconds(ContinuousClock.now - start), processCPUMilliseconds() - startCPU)
}
