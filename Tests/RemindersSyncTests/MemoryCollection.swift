import RemindersCalDAV

/// A CalDAV collection in memory, for the sync's property tests: members with ETags, a change
/// log behind its sync tokens, conditional writes — and requests that fail when `failing` says,
/// as a server that times out or answers 503 (the whole sync stops) or 500 (that item only).
final class MemoryCollection: CollectionStorage {
    struct Member {
        var etag: String
        var text: String
    }

    enum Failure {
        case none, timeout, unavailable, itemRefused
    }

    let href: String
    private(set) var members: [String: Member] = [:]
    /// (token, href) of every change, oldest first.
    private var changeLog: [(token: Int, href: String)] = []
    private var token = 0
    private var versions = 0
    /// Asked before each request.
    var failing: () -> Failure = { .none }
    private(set) var requests = 0

    init(href: String) { self.href = href }

    var ctag: String { "ctag-\(token)" }

    var remote: RemoteCollection {
        RemoteCollection(href: href, displayName: "Shared", ctag: ctag, supportsSyncCollection: true, components: [.todo])
    }

    // MARK: What the other client does (no request, no failure)

    func store(_ text: String, at member: String) {
        versions += 1
        members[member] = Member(etag: "\"v\(versions)\"", text: text)
        record(member)
    }

    func remove(_ member: String) {
        members[member] = nil
        record(member)
    }

    private func record(_ member: String) {
        token += 1
        changeLog.append((token, member))
    }

    // MARK: CollectionStorage

    /// One request: whether it fails is asked once; an item refused fails only a write of that item.
    @discardableResult
    private func request() throws(DAVError) -> Failure {
        requests += 1
        let failure = failing()
        switch failure {
        case .none, .itemRefused: return failure
        case .timeout: throw .timedOut(seconds: 30)
        case .unavailable: throw .status(503, "the request")
        }
    }

    func members(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [FetchedItem] {
        try request()
        return members.sorted { $0.key < $1.key }.map { FetchedItem(href: $0.key, etag: $0.value.etag, text: $0.value.text, status: 200) }
    }

    func changes(in collection: String, since token: String?) throws(DAVError) -> CollectionChanges {
        try request()
        var since = 0
        if let token {
            guard token.hasPrefix("token-"), let number = Int(token.dropFirst(6)), number <= self.token else { throw .invalidSyncToken }
            since = number
        }
        var changed: [(href: String, etag: String?)] = []
        var removed: [String] = []
        let touched = token == nil ? Set(members.keys) : Set(changeLog.filter { $0.token > since }.map(\.href))
        for member in touched.sorted() {
            if let present = members[member] { changed.append((member, present.etag)) } else { removed.append(member) }
        }
        return CollectionChanges(changed: changed, removed: removed, syncToken: "token-\(self.token)")
    }

    func memberETags(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [(href: String, etag: String?)] {
        try request()
        return members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.etag) }
    }

    func fetch(_ hrefs: [String], in collection: String) throws(DAVError) -> [FetchedItem] {
        try request()
        return hrefs.map { member in
            members[member].map { FetchedItem(href: member, etag: $0.etag, text: $0.text, status: 200) }
                ?? FetchedItem(href: member, etag: nil, text: nil, status: 404)
        }
    }

    func put(_ text: String, at member: String, _ precondition: Precondition) throws(DAVError) -> String? {
        if case .itemRefused = try request() { throw .status(500, "PUT \(member)") }
        switch precondition {
        case .ifMatch(let etag): guard members[member]?.etag == etag else { throw .preconditionFailed }
        case .ifNoneMatch: guard members[member] == nil else { throw .preconditionFailed }
        case .none: break
        }
        store(text, at: member)
        return members[member]?.etag
    }

    func delete(_ member: String, _ precondition: Precondition) throws(DAVError) {
        try request()
        guard let present = members[member] else { throw .notFound(member) }
        if case .ifMatch(let etag) = precondition, present.etag != etag { throw .preconditionFailed }
        remove(member)
    }

    func setProperties(of href: String, displayName: String, color: String?) throws(DAVError) {
        try request()
    }
}
