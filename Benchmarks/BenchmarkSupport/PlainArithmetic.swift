import Foundation
import Synchronization

/// Plain arithmetic timed in turn with an operation, its median kept at the operation's: a chain
/// of multiplications in registers, no memory to miss in a cache, no system call, no lock, no
/// other thread. Its p99 is then what the machine alone adds to a p99 of that median (the host
/// taking the CPU away, the hypervisor's time slices), which no code can avoid.
public struct PlainArithmetic {
  private var rounds = 1_000
  private var theirs: [Double] = []
  /// ms per round of each time, so that times of other lengths tell the length to take.
  private var perRound: [Double] = []
  /// The arithmetic's times, ms.
  public private(set) var times: [Double] = []

  public init() {}

  /// Times the arithmetic once, right after the operation took `time` ms, and keeps its length at
  /// the median of the operation's last 200 times: a spin calibrated alone ran at another speed
  /// than in turn with a search (a third faster, say), and the operation's own median moves.
  public mutating func timed(after time: Double) {
    theirs.append(time)
    let start = ContinuousClock.now
    Self.spin(rounds)
    times.append(milliseconds(ContinuousClock.now - start))
    perRound.append(times.last! / Double(rounds))
    if times.count % 50 == 0 {
      let (recent, rate) = (percentile(Array(theirs.suffix(200)), 0.5), percentile(Array(perRound.suffix(200)), 0.5))
      if rate > 0 { rounds = max(1, Int(recent / rate)) }
    }
  }

  /// The times after the first `settling` ones (while the length was still being found).
  public func settled(after settling: Int) -> [Double] { Array(times.dropFirst(settling)) }

  /// The result lands in `sink`, so the compiler cannot drop the loop.
  @inline(never) private static func spin(_ rounds: Int) {
    var value = sink.load(ordering: .relaxed)
    for round in 0..<rounds { value = value &* 6_364_136_223_846_793_005 &+ UInt64(truncatingIfNeeded: round) }
    sink.store(value, ordering: .relaxed)
  }
}

/// The peer text of a p99 row for `PlainArithmetic` timed in turn with the row's operation.
public func plainArithmeticText(p50: Double, p99: Double) -> String {
  "plain arithmetic of the same median, timed in turn in the same run (what the machine alone adds): "
    + "p50 \(ms(p50)), p99 \(ms(p99))"
}

/// Where `PlainArithmetic` leaves its result.
private let sink = Atomic<UInt64>(1)
