import Foundation

/// An import's reading and planning, beside its writing. For a long import, a thread of its own
/// reads the files chapter by chapter and makes each chapter's plan (`ChapterImportPlan`) once the
/// writer has said what the chapter held before; the writer takes each chapter as soon as it is
/// read, asks for its plan, and writes the plans in the file's order. So a whole Psalms is read and
/// planned on one core while it is written on the other, where it used to be read whole before its
/// transaction began. The thread is its own, not a queue of the system's, whose threads may all be
/// waiting for the database this import holds.
///
/// An import of fewer than `bytesForAThread` bytes is read whole at once and planned on the spot:
/// starting a thread and waiting for it cost more than it saved (WEB Ruth, 1 John and 3 John into
/// a new Bible: p50 2.86-2.90 ms with a thread, 2.60-2.78 ms without).
///
/// A file found malformed after some of its chapters were handed over fails the writer at the
/// next thing it asks of that file (or of a later one), so the import's transaction, which holds
/// whatever was written, rolls back: nothing is written, as when every file was read first.
final class USFMImportPipeline: @unchecked Sendable {  // every `var` is guarded by `condition`
  /// The fewest bytes of USFM an import reads and plans on a thread of its own.
  static let bytesForAThread = 48 << 10

  /// What `next(_:of:wait:)` found.
  enum Next {
    case chapter(ImportedChapter)
    /// Not read yet (only when not waiting).
    case notYet
    /// The file has no more chapters.
    case end
  }

  /// One file as read so far.
  private struct File {
    /// The book as read up to its first chapter: its code and header are final.
    var head: ImportedBook?
    var chapters: [ImportedChapter] = []
    /// The whole book, once read to its end without a fault.
    var book: ImportedBook?
  }

  /// Thrown inside the reading when the import has stopped.
  private struct Stopped: Error {}

  private let condition = NSCondition()
  private var files: [File]
  /// The first file that failed to read, and why; no later file is read.
  private var failure: (file: Int, error: any Error)?
  /// The reading has ended: every file read, or one failed, or the import stopped.
  private var ended = false
  /// Plans asked for and not made yet, in the order asked.
  private var asked: [(ticket: Int, input: ChapterImportPlan.Input)] = []
  private var plans: [Int: ChapterImportPlan] = [:]
  private var tickets = 0
  private var stopped = false
  private let threaded: Bool

  /// Whether `files` are long enough to be read on a thread of their own (else they are read whole
  /// at once, when the pipeline is made).
  static func readsOnAThread(_ files: [(name: String, text: String)]) -> Bool {
    files.reduce(0) { $0 + $1.text.utf8.count } >= bytesForAThread
  }

  /// Starts reading `files` in `versification`. A short import is read here and now, and its
  /// first malformed file throws at once.
  init(_ files: [(name: String, text: String)], versification: Versification) throws {
    threaded = Self.readsOnAThread(files)
    self.files = Array(repeating: File(), count: files.count)
    guard threaded else {
      for (index, file) in files.enumerated() {
        let book = try KeyItStore.parseUSFMFile(file, versification: versification)
        self.files[index] = File(head: book, chapters: book.chapters, book: book)
      }
      ended = true
      return
    }
    Thread { [self] in readAndPlan(files, versification: versification) }.start()
  }

  /// The book of file `index` as read up to its first chapter (its code and header are final).
  func head(of index: Int) throws -> ImportedBook {
    try awaitAnswer(about: index) { files[index].head }
  }

  /// Chapter `position` of file `index`, in the file's order: when `wait` is false and it is not
  /// read yet, `notYet`.
  func next(_ position: Int, of index: Int, wait: Bool) throws -> Next {
    try awaitAnswer(about: index) {
      let file = files[index]
      if position < file.chapters.count { return .chapter(file.chapters[position]) }
      if file.book != nil { return .end }
      return wait ? nil : .notYet
    }
  }

  /// The whole book of file `index`, once read without a fault.
  func book(of index: Int) throws -> ImportedBook {
    try awaitAnswer(about: index) { files[index].book }
  }

  /// Asks for a chapter's plan; `plan(_:)` gives it for the ticket this returns.
  func ask(_ input: ChapterImportPlan.Input) -> Int {
    guard threaded else {
      let plan = ChapterImportPlan(input)
      return withLock {
        tickets += 1
        plans[tickets] = plan
        return tickets
      }
    }
    return withLock {
      tickets += 1
      asked.append((tickets, input))
      condition.broadcast()
      return tickets
    }
  }

  /// The plan asked for with `ticket`, once it is made (handed over once: it is not kept).
  func plan(_ ticket: Int) -> ChapterImportPlan {
    withLock {
      while plans[ticket] == nil { condition.wait() }
      return plans.removeValue(forKey: ticket)!
    }
  }

  /// Why a file failed to read, once the reading has ended (naming the versifications it fits, see
  /// `KeyItStore.naming(_:otherVersificationsOf:versification:)`); nil when every file read. A writer
  /// that failed first throws this instead of its own error, as every file used to be read before
  /// anything was written.
  func readingError() -> (any Error)? {
    withLock {
      while !ended { condition.wait() }
      return failure?.error
    }
  }

  /// Reads and plans no more (the import has ended, or stopped before using them).
  func stop() {
    withLock {
      stopped = true
      condition.broadcast()
    }
  }

  /// Waits until `answer`, under the lock, has one; throws the reading's fault once the reading
  /// has failed at file `index` or before it.
  private func awaitAnswer<Answer>(about index: Int, _ answer: () -> Answer?) throws -> Answer {
    try withLock {
      while true {
        if let found = answer() { return found }
        if let failure, failure.file <= index { throw failure.error }
        condition.wait()
      }
    }
  }

  private func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  /// The reading thread: reads each file in turn, handing over each chapter as it is read, and
  /// makes the plans asked for between chapters (the writer waits for those); then makes plans
  /// until the import stops.
  private func readAndPlan(_ sources: [(name: String, text: String)], versification: Versification) {
    for (index, source) in sources.enumerated() {
      do {
        let book = try parseUSFMBook(source.text, fileName: source.name, catalog: .of(versification)) {
          soFar, chapter in
          try self.withLock {
            guard !self.stopped else { throw Stopped() }
            if self.files[index].head == nil { self.files[index].head = soFar }
            self.files[index].chapters.append(chapter)
            self.condition.broadcast()
          }
          self.makeAskedPlans()
        }
        withLock {
          files[index].book = book
          condition.broadcast()
        }
      } catch is Stopped {
        break
      } catch {
        // The writer rolls back at once; which other versifications the file reads in (the file
        // read again in each) is worked out once it has let go of the database.
        withLock {
          failure = (index, error)
          condition.broadcast()
        }
        let named = KeyItStore.naming(error, otherVersificationsOf: source, versification: versification)
        withLock { failure = (index, named) }
        break
      }
    }
    withLock {
      ended = true
      condition.broadcast()
    }
    while true {
      let more = withLock {
        while !stopped && asked.isEmpty { condition.wait() }
        return !stopped
      }
      guard more else { return }
      makeAskedPlans()
    }
  }

  /// Makes the plans asked for so far, one at a time, each handed over as soon as it is made.
  private func makeAskedPlans() {
    while let next = withLock({ asked.isEmpty ? nil : asked.removeFirst() }) {
      let plan = ChapterImportPlan(next.input)
      withLock {
        plans[next.ticket] = plan
        condition.broadcast()
      }
    }
  }
}
