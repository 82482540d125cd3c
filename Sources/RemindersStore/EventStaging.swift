import RemindersModel

/// The event changes a client made with `commit: false`: kept as the operations they were (a save
/// with its span, a removal), each with the identifiers it made, and replayed — inside a
/// transaction that is then rolled back, for this client's own reads, and for good at `commit`.
/// A span's effects (a detached occurrence, a split series) come out the same at every replay.
struct EventStaging {
    enum Operation {
        case save(identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges, lastModifiedDate: Timestamp?)
        case remove(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?)
    }

    struct Staged {
        var operation: Operation
        var now: Timestamp
        var identifiers: [String]
    }

    var staged: [Staged] = []
    /// What the staged operations made of the events they touched, taken when the last one was
    /// tried: this client's own reads (`event`) see it without replaying anything, so a read
    /// never takes the store's write lock.
    var view = StagedView()

    var isEmpty: Bool { staged.isEmpty }

    mutating func removeAll() {
        staged.removeAll()
        view = StagedView()
    }
}

/// The events staged operations touched, as they left them: each one (nil: removed) and, for
/// every series among them, its detached occurrences.
struct StagedView {
    var events: [String: Event?] = [:]
    var detached: [String: [Event]] = [:]
}

/// Where the event code takes new identifiers from: fresh ones, or — replaying a staged
/// operation — the ones it made the first time.
final class IdentifierSource {
    private var replay: [String] = []
    private(set) var made: [String] = []

    func next() -> String {
        let identifier = replay.isEmpty ? Identifiers.make() : replay.removeFirst()
        made.append(identifier)
        return identifier
    }

    func begin(replaying identifiers: [String] = []) {
        replay = identifiers
        made = []
    }
}
