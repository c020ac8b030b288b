import Dispatch

/// Runs blocking work (reading a zip, writing files) on a Dispatch thread, so the few threads of
/// Swift's cooperative pool, which serve every request, are never held by one upload.
public func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
  }
}
