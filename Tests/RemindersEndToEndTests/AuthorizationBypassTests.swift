import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import Synchronization
import XCTest

/// Authorization cannot be bypassed: not by any method under any status, singly, pipelined or in
/// batches mixing allowed and forbidden calls; not by notifications, a second initialize or
/// spelling; and not by racing `permissions set`.
final class AuthorizationBypassTests: XCTestCase {
    let folder = TemporaryFolder()
    static let statuses = ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"]

    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func setStatus(_ client: String, _ status: String) {
        Programs.grant(client, status, store: folder.store)
    }

    /// The owner's view of the store: every reminder (with alarms) and list.
    private func ownerView() throws -> JSONValue {
        let owner = try Programs.server(store: folder.store, client: "owner")
        let reminders = owner.channel.request("fetchReminders").at("result", "reminders") ?? .null
        let lists = owner.channel.request("calendars").at("result", "calendars") ?? .null
        XCTAssertEqual(owner.shutDown(), 0)
        return ["reminders": reminders, "calendars": lists]
    }

    struct Call {
        let method: String
        let params: JSONValue
        let allowed: Set<String>
    }

    /// Every method with params that would change the store if it ran.
    private func calls(existing id: JSONValue, alarm: JSONValue, list: JSONValue) -> [Call] {
        let all = Set(Self.statuses)
        return [
            Call(method: "authorizationStatus", params: [:], allowed: all),
            Call(method: "requestAccess", params: ["usageDescription": "bypass"], allowed: all),
            Call(method: "calendars", params: [:], allowed: ["writeOnly", "fullAccess"]),
            Call(method: "defaultCalendarForNewReminders", params: [:], allowed: ["writeOnly", "fullAccess"]),
            Call(method: "saveCalendar", params: ["calendar": ["title": "bypass list"]], allowed: ["fullAccess"]),
            Call(method: "saveCalendar", params: ["calendar": ["calendarIdentifier": list, "title": "renamed"]], allowed: ["fullAccess"]),
            Call(method: "removeCalendar", params: ["calendarIdentifier": list], allowed: ["fullAccess"]),
            Call(method: "fetchReminders", params: ["predicate": ["kind": "all"]], allowed: ["fullAccess"]),
            Call(method: "calendarItem", params: ["identifier": id], allowed: ["fullAccess"]),
            Call(method: "calendarItems", params: ["externalIdentifier": id], allowed: ["fullAccess"]),
            Call(method: "saveReminder", params: ["reminder": ["title": "created"]], allowed: ["writeOnly", "fullAccess"]),
            Call(method: "saveReminder", params: ["reminder": ["title": "elsewhere", "calendarIdentifier": list]], allowed: ["fullAccess"]),
            Call(method: "saveReminder", params: ["reminder": ["calendarItemIdentifier": id, "title": "changed"]], allowed: ["fullAccess"]),
            Call(
                method: "saveReminder", params: ["reminder": ["calendarItemIdentifier": id, "isCompleted": true], "commit": false],
                allowed: ["fullAccess"]),
            Call(method: "addAlarm", params: ["identifier": id, "alarm": ["absoluteDate": "2027-01-01T08:00:00Z"]], allowed: ["fullAccess"]),
            Call(method: "removeAlarm", params: ["identifier": id, "alarmIdentifier": alarm], allowed: ["fullAccess"]),
            Call(method: "removeReminder", params: ["identifier": id], allowed: ["fullAccess"]),
            Call(method: "reset", params: [:], allowed: ["writeOnly", "fullAccess"]),
            Call(method: "commit", params: [:], allowed: ["writeOnly", "fullAccess"]),
        ]
    }

    private func check(_ reply: JSONValue?, _ call: Call, _ status: String, _ how: String, file: StaticString = #filePath, line: UInt = #line) {
        let context = "\(call.method) \(call.params.serialized.prefix(120)) as \(status) (\(how)): \(reply?.serialized.prefix(300) ?? "no answer")"
        guard let reply else { return XCTFail(context, file: file, line: line) }
        if call.allowed.contains(status) {
            XCTAssertNotEqual(reply.errorCode, -32010, context, file: file, line: line)
        } else {
            XCTAssertEqual(reply.errorCode, -32010, context, file: file, line: line)
            XCTAssertEqual(reply.errorReason, "eventStoreNotAuthorized", context, file: file, line: line)
            XCTAssertEqual(reply.at("error", "data", "status"), .string(status), context, file: file, line: line)
        }
    }

    /// Each status, each method: one at a time, all pipelined at once, and all in one batch.
    /// Forbidden calls change nothing, which the owner checks after each status.
    func testEveryMethodUnderEveryStatusSinglyPipelinedAndBatched() throws {
        let owner = try Programs.server(store: folder.store, client: "owner")
        let list = owner.channel.request("saveCalendar", ["calendar": ["title": "Other"]]).at("result", "calendar", "calendarIdentifier")!
        let saved = owner.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "existing", "calendarIdentifier": list,
                    "dueDateComponents": ["year": 2027, "month": 1, "day": 2],
                    "alarms": [["alarmIdentifier": "kept-alarm", "relativeOffset": -60]],
                ]
            ])
        let id = saved.at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        let calls = calls(existing: id, alarm: "kept-alarm", list: list)

        for status in Self.statuses where status != "fullAccess" {
            let before = try ownerView()
            for how in ["single", "pipelined", "batch"] {
                let client = "bypass-\(status)-\(how)"
                if status != "notDetermined" { setStatus(client, status) }
                let server = try RemindersdProcess(store: folder.store)  // nobody to ask: requestAccess changes nothing
                server.initialize(client: client)
                switch how {
                case "single":
                    for call in calls { check(server.channel.request(call.method, call.params), call, status, how) }
                case "pipelined":
                    for (index, call) in calls.enumerated() {
                        server.channel.send(Programs.request(.integer(Int64(index)), call.method, call.params))
                    }
                    for (index, call) in calls.enumerated() { check(server.channel.response(id: .integer(Int64(index))), call, status, how) }
                default:
                    let batch = JSONValue.array(
                        calls.enumerated().map { Programs.request(.integer(Int64($0.offset)), $0.element.method, $0.element.params) })
                    server.channel.send(batch)
                    let replies = server.channel.nextReply()?.arrayValue ?? []
                    XCTAssertEqual(replies.count, calls.count, "batch as \(status)")
                    for (call, reply) in zip(calls, replies) { check(reply, call, status, how) }
                }
                // Still the same client with the same status afterwards.
                XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), .string(status))
                XCTAssertEqual(server.shutDown(), 0)
            }
            var after = try ownerView()
            if status == "writeOnly" {
                // What write-only may do: create in the default list (three times: single, pipelined, batch).
                let created = after["reminders"]?.arrayValue?.filter { $0["title"] == "created" } ?? []
                XCTAssertEqual(created.count, 3, "write-only creations")
                after = [
                    "reminders": .array(after["reminders"]?.arrayValue?.filter { $0["title"] != "created" } ?? []), "calendars": after["calendars"]!,
                ]
            }
            XCTAssertEqual(after, before, "calls refused as \(status) changed the store")
        }
        // And as fullAccess everything runs, so the same batch does change the store: the calls were real.
        setStatus("full", "fullAccess")
        let full = try RemindersdProcess(store: folder.store)
        full.initialize(client: "full")
        full.channel.send(.array(calls.enumerated().map { Programs.request(.integer(Int64($0.offset)), $0.element.method, $0.element.params) }))
        let replies = full.channel.nextReply()?.arrayValue ?? []
        for (call, reply) in zip(calls, replies) { check(reply, call, "fullAccess", "batch") }
        XCTAssertEqual(full.channel.request("calendarItem", ["identifier": id]).at("result", "reminder"), .null, "fullAccess removed it")
        XCTAssertEqual(full.shutDown(), 0)
    }

    func testWriteOnlyLimitsHoldInBatches() throws {
        let owner = try Programs.server(store: folder.store, client: "owner")
        let other = owner.channel.request("saveCalendar", ["calendar": ["title": "Other"]]).at("result", "calendar", "calendarIdentifier")!
        let foreign = owner.channel.request(
            "saveReminder", ["reminder": ["title": "foreign", "dueDateComponents": ["year": 2027, "month": 1, "day": 1]]]
        )
        .at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        setStatus("capture", "writeOnly")
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "capture")
        let created = server.channel.request(
            "saveReminder", ["reminder": ["title": "mine", "dueDateComponents": ["year": 2027, "month": 1, "day": 1]]]
        )
        .at("result", "reminder", "calendarItemIdentifier")!
        server.channel.send(
            .array([
                Programs.request(1, "addAlarm", ["identifier": created, "alarm": ["relativeOffset": -60]]),
                Programs.request(2, "addAlarm", ["identifier": foreign, "alarm": ["relativeOffset": -60]]),
                Programs.request(3, "saveReminder", ["reminder": ["title": "to other", "calendarIdentifier": other]]),
                Programs.request(4, "saveReminder", ["reminder": ["calendarItemIdentifier": created, "title": "edited"]]),
                Programs.request(5, "calendarItem", ["identifier": created]),
                Programs.request(6, "calendars", [:]),
                Programs.request(7, "removeReminder", ["identifier": created]),
                Programs.request(8, "saveReminder", ["reminder": ["title": "staged"], "commit": false]),
                Programs.request(9, "commit", [:]),
                Programs.request(10, "fetchReminders", [:]),
            ]))
        let replies = server.channel.nextReply()?.arrayValue ?? []
        XCTAssertEqual(replies.map { $0.errorCode }, [nil, -32010, -32010, -32010, -32010, nil, -32010, nil, nil, -32010])
        XCTAssertEqual(replies.dropFirst(5).first?.at("result", "calendars")?.arrayValue?.count, 1, "write-only sees the default list only")
        XCTAssertEqual(server.shutDown(), 0)
        let view = try ownerView()
        let titles = Set(view["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [])
        XCTAssertEqual(titles, ["foreign", "mine", "staged"])
        let foreignNow = view["reminders"]?.arrayValue?.first { $0["title"] == "foreign" }
        XCTAssertEqual(foreignNow?["alarms"], [], "an alarm was added to someone else's reminder")
    }

    func testNoWayAroundTheStatus() throws {
        let agent = folder.script("allow", "touch '\(folder.path)/asked'; exit 0")
        let existing = try Programs.server(store: folder.store, client: "owner")
        XCTAssertNotNil(existing.channel.request("saveReminder", ["reminder": ["title": "private"]]).result)
        XCTAssertEqual(existing.shutDown(), 0)
        setStatus("locked-out", "denied")
        setStatus("kid", "restricted")
        for client in ["locked-out", "kid"] {
            let status = client == "kid" ? "restricted" : "denied"
            let server = try RemindersdProcess(store: folder.store, arguments: ["--consent-agent", agent])
            server.initialize(client: client)
            // Asking again asks nobody and changes nothing.
            for level in ["full", "writeOnly"] {
                let reply = server.channel.request("requestAccess", ["usageDescription": "please", "level": .string(level)])
                XCTAssertEqual(reply.at("result", "granted"), false)
                XCTAssertEqual(reply.at("result", "status"), .string(status))
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/asked"), "the owner was asked again")
            // A second initialize as a client that has access is refused; the session keeps its identity.
            XCTAssertEqual(server.channel.request("initialize", ["clientInfo": ["name": "owner"]]).errorCode, -32600)
            server.channel.send(
                json:
                    #"[{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"clientInfo":{"name":"owner"}}},{"jsonrpc":"2.0","id":"f","method":"fetchReminders"}]"#
            )
            XCTAssertEqual(server.channel.nextReply()?.arrayValue?.map { $0.errorCode }, [-32600, -32010])
            // Notifications never run a method; other spellings are other (unknown) methods.
            server.channel.notify("saveReminder", ["reminder": ["title": "via notification"]])
            server.channel.notify("removeCalendar", ["calendarIdentifier": "x"])
            for method in ["FetchReminders", "fetchreminders", "fetchReminders\u{0}", " fetchReminders", "fetch\u{200B}Reminders"] {
                XCTAssertEqual(server.channel.request(method).errorCode, -32601, method.debugDescription)
            }
            // A cancellation of a refused call does not turn it into anything else.
            server.channel.send(Programs.request("c", "fetchReminders"))
            server.channel.notify("$/cancelRequest", ["id": "c"])
            XCTAssertTrue([-32010, -32800].contains(server.channel.response(id: "c")?.errorCode ?? 0))
            XCTAssertEqual(server.channel.request("fetchReminders").at("error", "data", "status"), .string(status))
            XCTAssertEqual(server.shutDown(), 0)
        }
        let titles = try ownerView()["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
        XCTAssertEqual(titles, ["private"])
    }

    /// Params are checked before access (protocol.md, "Params"): malformed params are -32602 for
    /// a client without access too, and a refused well-formed call writes nothing either way.
    func testParamsAreCheckedBeforeAccess() throws {
        setStatus("outsider", "denied")
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "outsider")
        let malformed = server.channel.request("saveReminder", ["reminder": ["title": "x", "dueDate": "tomorrow"]])
        XCTAssertEqual(malformed.errorCode, -32602)
        XCTAssertEqual(malformed.at("error", "data", "field"), "reminder.dueDate")
        XCTAssertEqual(server.channel.request("fetchReminders", ["bogus": 1]).errorCode, -32602)
        XCTAssertEqual(server.channel.request("saveReminder", ["reminder": ["title": "x"]]).errorCode, -32010)
        XCTAssertEqual(server.shutDown(), 0)
        XCTAssertEqual(try ownerView()["reminders"]?.arrayValue?.count, 0)
    }

    /// Changes a client staged with full access are not written by it once the owner took full access
    /// away: with write-only access it may not change or remove existing reminders, so its `commit`
    /// (or the commit of its next write-only save) must not do it either.
    func testChangesStagedWithFullAccessAreNotCommittedAfterADowngrade() throws {
        let owner = try Programs.server(store: folder.store, client: "owner")
        let keep = owner.channel.request("saveReminder", ["reminder": ["title": "keep me"]]).at("result", "reminder", "calendarItemIdentifier")!
        let stay = owner.channel.request("saveReminder", ["reminder": ["title": "stay as is"]]).at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        setStatus("demoted", "fullAccess")
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "demoted")
        XCTAssertNotNil(server.channel.request("removeReminder", ["identifier": keep, "commit": false]).result)
        XCTAssertNotNil(
            server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": stay, "title": "rewritten"], "commit": false]).result)
        setStatus("demoted", "writeOnly")
        let commit = server.channel.request("commit")
        let create = server.channel.request("saveReminder", ["reminder": ["title": "captured"]])
        XCTAssertEqual(server.shutDown(), 0)
        let titles = Set(try ownerView()["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [])
        XCTAssertEqual(commit.errorCode, -32010, "\(commit)")
        XCTAssertEqual(create.errorCode, -32010, "a write-only save would commit them too: \(create)")
        XCTAssertTrue(titles.contains("keep me"))
        XCTAssertTrue(titles.contains("stay as is"))
    }

    // MARK: Racing permissions set

    /// The racing calls' answers and the flips of the permission, from the threads that made them.
    private final class Log: Sendable {
        struct Answer { let sent: Date; let received: Date; let reply: JSONValue?; let method: String }
        struct Flip { let status: String; let started: Date; let finished: Date }
        private let state = Mutex((answers: [Answer](), flips: [Flip](), running: true))
        func add(_ answer: Answer) { state.withLock { $0.answers.append(answer) } }
        func add(_ flip: Flip) { state.withLock { $0.flips.append(flip) } }
        func stop() { state.withLock { $0.running = false } }
        var isRunning: Bool { state.withLock { $0.running } }
        var answers: [Answer] { state.withLock { $0.answers } }
        var flips: [Flip] { state.withLock { $0.flips } }
    }

    func testCallsRacingPermissionsSet() throws {
        let owner = try Programs.server(store: folder.store, client: "owner")
        let known = owner.channel.request("saveReminder", ["reminder": ["title": "known"]]).at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        setStatus("racer", "fullAccess")
        let racer = try RemindersdProcess(store: folder.store)
        racer.initialize(client: "racer")
        let bystander = try Programs.server(store: folder.store, client: "bystander")
        let log = Log()

        // The hammer: fetches (and a create now and then) as fast as they are answered.
        let hammer = Thread {
            var count = 0
            while log.isRunning {
                count += 1
                let method = count % 5 == 0 ? "saveReminder" : "fetchReminders"
                let params: JSONValue = method == "saveReminder" ? ["reminder": ["title": .string("race \(count)")]] : ["predicate": ["kind": "all"]]
                let sent = Date()
                let reply = racer.channel.request(method, params, timeout: 30)
                log.add(.init(sent: sent, received: Date(), reply: reply, method: method))
            }
        }
        hammer.start()
        var checkedRightAfter = 0
        for flip in 0..<20 {
            let status = flip % 2 == 0 ? "denied" : "fullAccess"
            let started = Date()
            setStatus("racer", status)
            let finished = Date()
            log.add(Log.Flip(status: status, started: started, finished: finished))
            // The very next call after `permissions set` returned obeys it, single or batched.
            let next = racer.channel.request("fetchReminders")
            racer.channel.send(.array([Programs.request(.string("batch-\(flip)"), "fetchReminders", [:])]))
            if status == "denied" {
                XCTAssertEqual(next.errorCode, -32010, "flip \(flip): \(next.serialized.prefix(200))")
                XCTAssertEqual(next.at("error", "data", "status"), "denied")
            } else {
                XCTAssertNotNil(next.at("result", "reminders"), "flip \(flip): \(next.serialized.prefix(200))")
            }
            checkedRightAfter += 1
            XCTAssertNotNil(bystander.channel.request("fetchReminders").at("result", "reminders"), "another client is not affected")
            usleep(UInt32.random(in: 20_000...120_000))
        }
        log.stop()
        while !hammer.isFinished { usleep(5000) }

        // Every answer is a correct full-access result or a refusal naming denied.
        var results = 0, refusals = 0, pinned = 0
        var createdTitles = Set<String>()
        let answers = log.answers, flips = log.flips  // the threads are done
        for answer in answers {
            guard let reply = answer.reply, reply["timeout"] == nil else { XCTFail("no answer to \(answer.method)"); continue }
            if reply.errorCode == -32010 {
                XCTAssertEqual(reply.at("error", "data", "status"), "denied")
                refusals += 1
            } else if answer.method == "fetchReminders" {
                let identifiers = reply.at("result", "reminders")?.arrayValue?.compactMap { $0["calendarItemIdentifier"] } ?? []
                XCTAssertTrue(identifiers.contains(known), "a result without the known reminder: \(reply.serialized.prefix(200))")
                results += 1
            } else {
                XCTAssertNotNil(reply.at("result", "reminder"), reply.serialized.prefix(200).description)
                if let title = reply.at("result", "reminder", "title")?.stringValue { createdTitles.insert(title) }
                results += 1
            }
            // Calls made wholly between one flip's return and the next flip's start obey the first.
            if let flip = flips.last(where: { $0.finished < answer.sent }) {
                let nextStart = flips.first(where: { $0.started > flip.finished })?.started ?? .distantFuture
                if answer.received < nextStart {
                    pinned += 1
                    if flip.status == "denied" {
                        XCTAssertEqual(reply.errorCode, -32010, "a call after `permissions set denied` returned was allowed")
                    } else {
                        XCTAssertNotEqual(reply.errorCode, -32010, "a call after `permissions set fullAccess` returned was refused")
                    }
                }
            }
        }
        // Refused creates wrote nothing; allowed ones are all there.
        setStatus("racer", "fullAccess")
        let stored = Set(
            racer.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue }.filter {
                $0.hasPrefix("race ")
            } ?? [])
        XCTAssertEqual(stored, createdTitles)
        XCTAssertEqual(racer.shutDown(), 0)
        XCTAssertEqual(bystander.shutDown(), 0)
        print(
            "authorization race: 20 flips, \(answers.count) racing calls (\(results) results, \(refusals) refusals, \(pinned) pinned between flips), \(checkedRightAfter) calls right after a flip obeyed it"
        )
        XCTAssertGreaterThan(results, 0)
        XCTAssertGreaterThan(refusals, 0)
    }
}
