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

    var isEmpty: Bool { staged.isEmpty }
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
