import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Hostile input: every entry of `Corpus/hostile-messages.json` and a generated table of wrong
/// types and unknown members for every field of every method's params, each sent to the real
/// binary in both framings. Each gets its documented answer (code, `data.field`, `data.reason`,
/// id) and the server answers the next good request.
///
/// Corpus format, one object per entry:
///
///     {"name": "…", "framing": "both" | "lsp" | "ndjson" | "lsp-raw" | "ndjson-raw",
///      "text": "…", "expect": "none" | {…}}
///
/// - `framing`: `both` frames `text` as one message in each framing; `lsp`/`ndjson` only in that
///   one (e.g. a raw newline inside a string); `*-raw` sends `text` as is on a session of that framing.
/// - `text`: the bytes as UTF-8, with two macros: `«bytes C3 28»` for raw bytes (invalid UTF-8,
///   NUL) and `«repeat N:TEXT»` for TEXT N times (depth bombs, oversized strings).
/// - `expect`: `"none"` (no answer at all); `{"code": C, "field": F, "reason": R, "id": ID, "count": N}`
///   (N answers, default 1, each an error with code C; -32700 always has id null; `field` and
///   `reason` are `data.field` and `data.reason`; `id` when given is checked); `{"result": true, "id": ID}`
///   (a successful answer); `{"batch": [C or null, …]}` (one array answer; null = a result).
final class HostileInputTests: XCTestCase {
    let folder = TemporaryFolder()

    // MARK: The corpus file

    enum EntryFraming: String { case both, lsp, ndjson, lspRaw = "lsp-raw", ndjsonRaw = "ndjson-raw" }

    struct Expectation {
        var none = false
        var code: Int64?
        var isResult = false
        var field: String?
        var reason: String?
        var id: JSONValue?
        var count = 1
        var batch: [Int64?]?
    }

    struct Entry {
        var name: String
        var framing: EntryFraming
        var bytes: [UInt8]
        var expect: Expectation

        func applies(to framing: Framing) -> Bool {
            switch self.framing {
            case .both: return true
            case .lsp, .lspRaw: return framing == .lsp
            case .ndjson, .ndjsonRaw: return framing == .ndjson
            }
        }

        var isRaw: Bool { framing == .lspRaw || framing == .ndjsonRaw }
    }

    static var corpusURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/hostile-messages.json")
    }

    static func loadCorpus() throws -> [Entry] {
        let data = try Data(contentsOf: corpusURL)
        let document = try JSONParser.parse(Array(data), maxDepth: 16)
        guard let entries = document["entries"]?.arrayValue else { throw CorpusError("no entries array") }
        return try entries.map { value in
            guard let name = value["name"]?.stringValue, let text = value["text"]?.stringValue,
                let framing = EntryFraming(rawValue: value["framing"]?.stringValue ?? "both"), let expect = value["expect"]
            else {
                throw CorpusError("malformed entry \(value)")
            }
            return Entry(name: name, framing: framing, bytes: try expand(text), expect: try expectation(expect, name: name))
        }
    }

    struct CorpusError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func expectation(_ value: JSONValue, name: String) throws -> Expectation {
        var expectation = Expectation()
        if value == "none" { expectation.none = true; return expectation }
        guard case .object(let object) = value else { throw CorpusError("\(name): expect must be \"none\" or an object") }
        expectation.code = object["code"]?.integerValue
        expectation.isResult = object["result"] == true
        expectation.field = object["field"]?.stringValue
        expectation.reason = object["reason"]?.stringValue
        expectation.id = object["id"]
        expectation.count = Int(object["count"]?.integerValue ?? 1)
        expectation.batch = object["batch"]?.arrayValue.map { $0.map { $0.integerValue } }
        guard expectation.code != nil || expectation.isResult || expectation.batch != nil else {
            throw CorpusError("\(name): expect needs code, result or batch")
        }
        return expectation
    }

    /// The frame bytes of `text`: UTF-8, with `«bytes HH …»` and `«repeat N:TEXT»` expanded.
    static func expand(_ text: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "«") {
            bytes += Array(rest[..<open].utf8)
            guard let close = rest[open...].firstIndex(of: "»") else { throw CorpusError("unclosed « in \(text.prefix(80))") }
            let macro = rest[rest.index(after: open)..<close]
            if macro.hasPrefix("bytes ") {
                for hex in macro.dropFirst(6).split(separator: " ") {
                    guard let byte = UInt8(hex, radix: 16) else { throw CorpusError("bad byte \(hex)") }
                    bytes.append(byte)
                }
            } else if macro.hasPrefix("repeat "), let colon = macro.firstIndex(of: ":"),
                let count = Int(macro[macro.index(macro.startIndex, offsetBy: 7)..<colon])
            {
                let unit = Array(macro[macro.index(after: colon)...].utf8)
                bytes.reserveCapacity(bytes.count + unit.count * count)
                for _ in 0..<count { bytes += unit }
            } else {
                throw CorpusError("unknown macro «\(macro)»")
            }
            rest = rest[rest.index(after: close)...]
        }
        bytes += Array(rest.utf8)
        return bytes
    }

    // MARK: Running entries

    /// A fresh granted server in `framing`, ready for entries.
    private func corpusServer(_ framing: Framing, arguments: [String] = []) throws -> RemindersdProcess {
        try Programs.server(store: folder.store, client: "corpus", framing: framing, arguments: arguments)
    }

    /// Checks one reply against an expectation; a description of what is wrong, or nil.
    static func mismatch(_ reply: JSONValue?, _ expect: Expectation) -> String? {
        guard let reply else { return "no answer" }
        if let batch = expect.batch {
            guard case .array(let elements) = reply else { return "expected a batch answer, got \(reply.serialized.prefix(300))" }
            let codes = elements.map { $0.errorCode }
            return codes == batch ? nil : "batch codes \(codes), expected \(batch)"
        }
        if expect.isResult {
            guard reply["result"] != nil, reply["error"] == nil else { return "expected a result, got \(reply.serialized.prefix(300))" }
        } else {
            guard reply.errorCode == expect.code else { return "expected code \(expect.code!), got \(reply.serialized.prefix(300))" }
            if expect.code == -32700, reply["id"] != .null { return "a parse error must have id null: \(reply.serialized.prefix(200))" }
            guard reply.at("error", "message")?.stringValue?.isEmpty == false else { return "error without a message" }
        }
        if let field = expect.field, reply.errorField != field {
            return "expected data.field \(field), got \(reply.serialized.prefix(300))"
        }
        if let reason = expect.reason, reply.errorReason != reason {
            return "expected data.reason \(reason), got \(reply.serialized.prefix(300))"
        }
        if let id = expect.id, reply["id"] != id {
            return "expected id \(id.serialized.prefix(60)), got \(reply["id"]?.serialized.prefix(60) ?? "none")"
        }
        return nil
    }

    /// Sends each entry, checks its answer and that the next good request is answered; returns failures.
    private func run(_ entries: [Entry], framing: Framing) throws -> (sent: Int, failures: [String]) {
        var server = try corpusServer(framing)
        var failures: [String] = []
        var sent = 0
        for (index, entry) in entries.enumerated() where entry.applies(to: framing) {
            sent += 1
            if entry.isRaw { server.channel.sendRaw(entry.bytes) } else { server.channel.send(payload: entry.bytes) }
            var problem: String?
            if !entry.expect.none {
                for _ in 0..<entry.expect.count where problem == nil {
                    problem = Self.mismatch(server.channel.nextReply(timeout: 15), entry.expect)
                }
            }
            // The server is up, in step, and answers the next good request (and nothing else came first).
            let goodID = JSONValue.string("good-\(index)")
            server.channel.send(Programs.request(goodID, "authorizationStatus"))
            var good = server.channel.nextReply(timeout: 15)
            var extra: [JSONValue] = []
            while let reply = good, reply["id"] != goodID, extra.count < 8 {  // resynchronize after unexpected answers
                extra.append(reply)
                good = server.channel.nextReply(timeout: 15)
            }
            if problem == nil, !extra.isEmpty {
                problem =
                    entry.expect.none
                    ? "expected no answer, got \(extra[0].serialized.prefix(300))"
                    : "more answers than expected: \(extra[0].serialized.prefix(300))"
            }
            if problem == nil, good?.at("result", "status") != "fullAccess" {
                problem = "the next good request was not answered: \(good?.serialized.prefix(300) ?? "nothing")"
            }
            if let problem {
                failures.append("[\(framing)] \(entry.name): \(problem)")
                if good == nil {  // the session is lost; carry on with a fresh one so one failure does not hide others
                    server.process.terminate()
                    server = try corpusServer(framing)
                }
            }
        }
        XCTAssertEqual(server.shutDown(), 0, "[\(framing)] the server did not shut down cleanly after the corpus")
        return (sent, failures)
    }

    func testHostileCorpusInBothFramings() throws {
        let entries = try Self.loadCorpus()
        XCTAssertGreaterThanOrEqual(entries.count, 200)
        for entry in entries where entry.framing == .both || entry.framing == .ndjson {
            XCTAssertFalse(entry.bytes.contains(0x0A), "\(entry.name): a raw newline cannot be one NDJSON message; use framing lsp")
        }
        var total = 0
        for framing in [Framing.ndjson, .lsp] {
            let (sent, failures) = try run(entries, framing: framing)
            total += sent
            for failure in failures { XCTFail(failure) }
        }
        // Notifications never run a method, whatever they ask for.
        let check = try Programs.server(store: folder.store, client: "corpus")
        let titles = check.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? ["?"]
        XCTAssertFalse(titles.contains("notification-must-not-save"))
        check.shutDown()
        print("hostile input corpus: \(entries.count) entries in Corpus/hostile-messages.json, \(total) frames sent over both framings")
    }

    // MARK: Wrong types and unknown members in every field of every method's params

    enum Kind {
        case string, requiredString, int, requiredInt, number, bool, object, requiredObject, array, timestamp, enumeration

        var wrongValues: [JSONValue] {
            switch self {
            case .string: return [1, true, [], [:]]
            case .requiredString: return [1, false, ["x"], [:], .null]
            case .int: return ["1", 1.5, true, [], 1e300]
            case .requiredInt: return ["1", 1.5, [], .null]
            case .number: return ["1", true, [], [:]]
            case .bool: return ["true", 1, []]
            case .object: return ["x", 1, [], true]
            case .requiredObject: return ["x", 1, [], .null]
            case .array: return ["x", 1, [:]]
            case .timestamp: return [1, "yesterday", "2026-01-01", "2026-02-30T00:00:00Z"]
            case .enumeration: return [1, "bogus"]
            }
        }
    }

    struct MethodParams {
        let method: String
        let base: JSONValue
        let fields: [(String, Kind)]
        /// Objects (JSON paths, "" for params) that refuse unknown members.
        let objects: [String]
        /// What the valid base itself may answer (a result, or e.g. -32011 for an identifier that does not exist).
        let baseCodes: Set<Int64?>
    }

    static let aDate: JSONValue = "2027-01-01T08:00:00Z"

    static let methodTable: [MethodParams] = {
        let components: JSONValue = ["year": 2027, "month": 1, "day": 2, "hour": 9, "minute": 30, "second": 15, "timeZone": "Europe/Berlin"]
        let location: JSONValue = ["title": "Office", "geoLocation": ["latitude": 52.5, "longitude": 13.4], "radius": 100]
        let reminder: JSONValue = [
            "title": "matrix", "notes": "n", "url": "https://example.com", "location": "l", "priority": 1,
            "startDateComponents": ["year": 2027, "month": 1, "day": 1], "dueDateComponents": components,
            "isCompleted": false, "timeZone": "Europe/Berlin",
            "alarms": [
                ["relativeOffset": -60, "alarmIdentifier": "a1"], ["absoluteDate": aDate], ["structuredLocation": location, "proximity": "enter"],
            ],
            "recurrenceRules": [
                [
                    "frequency": "monthly", "interval": 2, "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 1]], "setPositions": [1],
                    "recurrenceEnd": ["occurrenceCount": 3], "firstDayOfTheWeek": 2,
                ],
                [
                    "frequency": "yearly", "monthsOfTheYear": [1], "weeksOfTheYear": [1], "daysOfTheYear": [1],
                    "recurrenceEnd": ["endDate": "2030-01-01T00:00:00Z"],
                ],
                ["frequency": "monthly", "daysOfTheMonth": [1, -1]],
                ["rrule": "FREQ=WEEKLY;BYDAY=MO"],
            ],
            "lastModifiedDate": "2026-01-01T00:00:00Z", "tags": ["matrix", "#table"], "isFlagged": true,
        ]
        let r = "reminder."
        let rule0 = r + "recurrenceRules[0].", rule1 = r + "recurrenceRules[1].", place = r + "alarms[2].structuredLocation."
        let saveFields: [(String, Kind)] = [
            ("reminder", .requiredObject), ("commit", .bool),
            (r + "calendarItemIdentifier", .string), (r + "calendarIdentifier", .string), (r + "title", .string), (r + "notes", .string),
            (r + "url", .string), (r + "location", .string), (r + "priority", .int), (r + "timeZone", .string),
            (r + "startDateComponents", .object), (r + "startDateComponents.year", .requiredInt), (r + "startDateComponents.month", .requiredInt),
            (r + "startDateComponents.day", .requiredInt),
            (r + "dueDateComponents", .object), (r + "dueDateComponents.year", .requiredInt), (r + "dueDateComponents.month", .requiredInt),
            (r + "dueDateComponents.day", .requiredInt), (r + "dueDateComponents.hour", .int), (r + "dueDateComponents.minute", .int),
            (r + "dueDateComponents.second", .int), (r + "dueDateComponents.timeZone", .string),
            (r + "isCompleted", .bool), (r + "completionDate", .timestamp), (r + "lastModifiedDate", .timestamp),
            (r + "alarms", .array), (r + "alarms[0]", .object), (r + "alarms[0].alarmIdentifier", .string), (r + "alarms[0].relativeOffset", .number),
            (r + "alarms[1].absoluteDate", .timestamp), (r + "alarms[2].structuredLocation", .object), (place + "title", .string),
            (place + "geoLocation", .object), (place + "geoLocation.latitude", .number), (place + "geoLocation.longitude", .number),
            (place + "radius", .number), (r + "alarms[2].proximity", .enumeration),
            (r + "recurrenceRules", .array), (r + "recurrenceRules[0]", .object), (rule0 + "frequency", .enumeration), (rule0 + "interval", .int),
            (rule0 + "daysOfTheWeek", .array), (rule0 + "daysOfTheWeek[0]", .object), (rule0 + "daysOfTheWeek[0].dayOfTheWeek", .requiredInt),
            (rule0 + "daysOfTheWeek[0].weekNumber", .int), (rule0 + "setPositions", .array), (rule0 + "setPositions[0]", .requiredInt),
            (rule0 + "recurrenceEnd", .object), (rule0 + "recurrenceEnd.occurrenceCount", .int), (rule0 + "firstDayOfTheWeek", .int),
            (rule1 + "monthsOfTheYear", .array), (rule1 + "monthsOfTheYear[0]", .requiredInt), (rule1 + "weeksOfTheYear[0]", .requiredInt),
            (rule1 + "daysOfTheYear[0]", .requiredInt), (rule1 + "recurrenceEnd.endDate", .timestamp),
            (r + "recurrenceRules[2].daysOfTheMonth", .array), (r + "recurrenceRules[2].daysOfTheMonth[1]", .requiredInt),
            (r + "recurrenceRules[3].rrule", .string),
            (r + "tags", .array), (r + "tags[1]", .requiredString), (r + "isFlagged", .bool), (r + "parentIdentifier", .string),
        ]
        let saveObjects = [
            "", "reminder", r + "startDateComponents", r + "dueDateComponents", r + "alarms[0]", r + "alarms[2]",
            r + "alarms[2].structuredLocation", place + "geoLocation", r + "recurrenceRules[0]", rule0 + "daysOfTheWeek[0]",
            rule0 + "recurrenceEnd", rule1 + "recurrenceEnd", r + "recurrenceRules[3]",
        ]
        let missing: JSONValue = "no-such-reminder"
        return [
            MethodParams(
                method: "authorizationStatus", base: ["entityType": "reminder"], fields: [("entityType", .enumeration)], objects: [""],
                baseCodes: [nil]),
            MethodParams(
                method: "requestAccess", base: ["entityType": "reminder", "level": "writeOnly", "usageDescription": "matrix"],
                fields: [("entityType", .enumeration), ("level", .enumeration), ("usageDescription", .requiredString)], objects: [""],
                baseCodes: [nil]),
            MethodParams(
                method: "calendars", base: ["entityType": "reminder"], fields: [("entityType", .enumeration)], objects: [""], baseCodes: [nil]),
            MethodParams(method: "defaultCalendarForNewReminders", base: [:], fields: [], objects: [""], baseCodes: [nil]),
            MethodParams(
                method: "saveCalendar",
                base: ["calendar": ["title": "Matrix", "color": "#112233", "allowsContentModifications": true, "type": "local", "isDefault": false]],
                fields: [
                    ("calendar", .requiredObject), ("calendar.calendarIdentifier", .string), ("calendar.title", .string),
                    ("calendar.color", .string), ("calendar.allowsContentModifications", .bool), ("calendar.type", .string),
                ],
                objects: ["", "calendar"], baseCodes: [nil]),
            MethodParams(
                method: "removeCalendar", base: ["calendarIdentifier": "no-such-list"], fields: [("calendarIdentifier", .requiredString)],
                objects: [""], baseCodes: [-32011]),
            MethodParams(
                method: "fetchReminders",
                base: [
                    "predicate": [
                        "kind": "all", "calendarIdentifiers": ["x"], "dueDateStarting": "2026-01-01T00:00:00Z",
                        "dueDateEnding": "2028-01-01T00:00:00Z", "completionDateStarting": "2026-01-01T00:00:00Z",
                        "completionDateEnding": "2028-01-01T00:00:00Z", "matching": "matrix words",
                        "tags": ["a", "b"], "isFlagged": false, "parentIdentifier": "p", "hasDueDate": true,
                    ], "limit": 5,
                ],
                fields: [
                    ("predicate", .object), ("predicate.kind", .enumeration), ("predicate.calendarIdentifiers", .array),
                    ("predicate.calendarIdentifiers[0]", .requiredString), ("predicate.dueDateStarting", .timestamp),
                    ("predicate.dueDateEnding", .timestamp), ("predicate.completionDateStarting", .timestamp),
                    ("predicate.completionDateEnding", .timestamp), ("limit", .int), ("cursor", .string),
                    ("predicate.matching", .string), ("predicate.tags", .array), ("predicate.tags[1]", .requiredString),
                    ("predicate.isFlagged", .bool), ("predicate.parentIdentifier", .string), ("predicate.hasDueDate", .bool),
                ],
                objects: ["", "predicate"], baseCodes: [nil]),
            MethodParams(
                method: "calendarItem", base: ["identifier": missing], fields: [("identifier", .requiredString)], objects: [""], baseCodes: [nil]),
            MethodParams(
                method: "calendarItems", base: ["externalIdentifier": missing], fields: [("externalIdentifier", .requiredString)],
                objects: [""], baseCodes: [nil]),
            MethodParams(
                method: "saveReminder", base: ["reminder": reminder, "commit": false], fields: saveFields, objects: saveObjects, baseCodes: [nil]),
            MethodParams(
                method: "removeReminder", base: ["identifier": missing, "lastModifiedDate": aDate, "commit": false],
                fields: [("identifier", .requiredString), ("lastModifiedDate", .timestamp), ("commit", .bool)], objects: [""], baseCodes: [-32011]),
            MethodParams(
                method: "addAlarm",
                base: [
                    "identifier": missing, "alarm": ["alarmIdentifier": "x", "structuredLocation": location, "proximity": "leave"],
                    "lastModifiedDate": aDate, "commit": false,
                ],
                fields: [
                    ("identifier", .requiredString), ("alarm", .requiredObject), ("alarm.alarmIdentifier", .string),
                    ("alarm.structuredLocation", .object), ("alarm.structuredLocation.title", .string),
                    ("alarm.structuredLocation.geoLocation", .object), ("alarm.structuredLocation.geoLocation.latitude", .number),
                    ("alarm.structuredLocation.geoLocation.longitude", .number), ("alarm.structuredLocation.radius", .number),
                    ("alarm.proximity", .enumeration), ("lastModifiedDate", .timestamp), ("commit", .bool),
                ],
                objects: ["", "alarm", "alarm.structuredLocation", "alarm.structuredLocation.geoLocation"], baseCodes: [-32011]),
            MethodParams(
                method: "addAlarm", base: ["identifier": missing, "alarm": ["absoluteDate": aDate]],
                fields: [("alarm.absoluteDate", .timestamp)], objects: [], baseCodes: [-32011]),
            MethodParams(
                method: "addAlarm", base: ["identifier": missing, "alarm": ["relativeOffset": -300]],
                fields: [("alarm.relativeOffset", .number)], objects: [], baseCodes: [-32011]),
            MethodParams(
                method: "removeAlarm", base: ["identifier": missing, "alarmIdentifier": "a", "lastModifiedDate": aDate, "commit": false],
                fields: [
                    ("identifier", .requiredString), ("alarmIdentifier", .requiredString), ("lastModifiedDate", .timestamp),
                    ("commit", .bool),
                ], objects: [""], baseCodes: [-32011]),
            MethodParams(method: "tags", base: [:], fields: [], objects: [""], baseCodes: [nil]),
            MethodParams(method: "commit", base: [:], fields: [], objects: [""], baseCodes: [nil]),
            MethodParams(method: "reset", base: [:], fields: [], objects: [""], baseCodes: [nil]),
        ]
    }()

    struct ParamCase {
        let name: String
        let method: String
        let params: JSONValue
        let field: String
    }

    /// Every wrong value for every field, and an unknown member in every object, of every method.
    static func paramCases() -> [ParamCase] {
        var cases: [ParamCase] = []
        for spec in methodTable {
            for (path, kind) in spec.fields {
                for value in kind.wrongValues {
                    cases.append(
                        ParamCase(
                            name: "\(spec.method) \(path) = \(value.serialized)", method: spec.method,
                            params: spec.base.setting(JSONPath.parse(path), to: value), field: path))
                }
            }
            for object in spec.objects {
                let path = object.isEmpty ? "bogusMember" : object + ".bogusMember"
                cases.append(
                    ParamCase(
                        name: "\(spec.method) unknown \(path)", method: spec.method,
                        params: spec.base.setting(JSONPath.parse(path), to: 1), field: path))
            }
        }
        return cases
    }

    func testWrongTypesAndUnknownMembersInEveryParam() throws {
        let cases = Self.paramCases()
        XCTAssertGreaterThan(cases.count, 250)
        for framing in [Framing.ndjson, .lsp] {
            let server = try corpusServer(framing)
            // The bases are valid: whatever goes wrong below is the one changed value.
            for spec in Self.methodTable {
                let reply = server.channel.request(spec.method, spec.base)
                XCTAssertTrue(spec.baseCodes.contains(reply.errorCode), "[\(framing)] base of \(spec.method): \(reply.serialized.prefix(400))")
            }
            server.channel.request("reset")
            let before = server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count
            // Pipelined in chunks: all sent, then every answer checked by id.
            for chunk in stride(from: 0, to: cases.count, by: 64) {
                let slice = cases[chunk..<min(cases.count, chunk + 64)]
                for (offset, item) in slice.enumerated() {
                    server.channel.send(Programs.request(.integer(Int64(chunk + offset)), item.method, item.params))
                }
                for (offset, item) in slice.enumerated() {
                    let reply = server.channel.response(id: .integer(Int64(chunk + offset)), timeout: 15)
                    XCTAssertEqual(reply?.errorCode, -32602, "[\(framing)] \(item.name): \(reply?.serialized.prefix(300) ?? "no answer")")
                    XCTAssertEqual(reply?.errorField, item.field, "[\(framing)] \(item.name): \(reply?.serialized.prefix(300) ?? "no answer")")
                }
            }
            XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess")
            // Nothing was written by any of them.
            XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count, before)
            XCTAssertEqual(server.shutDown(), 0)
        }
        print("hostile params table: \(Self.methodTable.count) method shapes, \(cases.count) wrong-type and unknown-member cases per framing")
    }

    /// initialize's params, before a session exists: each refused with its field; a good initialize then works.
    func testInitializeParamsBeforeTheSession() throws {
        let base: JSONValue = ["clientInfo": ["name": "init-matrix", "version": "1"], "timeZone": "Europe/Berlin"]
        var cases: [(JSONValue, String)] = []
        for (path, kind) in [
            ("clientInfo", Kind.requiredObject), ("clientInfo.name", .requiredString), ("clientInfo.version", .string),
            ("timeZone", .string),
        ] {
            for value in kind.wrongValues { cases.append((base.setting(JSONPath.parse(path), to: value), path)) }
        }
        let badNames: [String] = [
            "", String(repeating: "n", count: 257), String(repeating: "é", count: 129), "new\nline", "nul\u{0}",
            "tab\t", "esc\u{1B}[31m", "del\u{7F}", "bell\u{7}", "c1 csi \u{9B}31m", "c1 next line \u{85}",
        ]
        for name in badNames { cases.append((base.setting(JSONPath.parse("clientInfo.name"), to: .string(name)), "clientInfo.name")) }
        cases.append((base.setting(JSONPath.parse("timeZone"), to: "Nowhere/Land"), "timeZone"))
        cases.append((base.setting(JSONPath.parse("timeZone"), to: ""), "timeZone"))
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            for (params, field) in cases {
                let reply = server.channel.request("initialize", params)
                XCTAssertEqual(reply.errorCode, -32602, "[\(framing)] \(params.serialized.prefix(200)): \(reply.serialized.prefix(300))")
                XCTAssertEqual(reply.errorField, field, "[\(framing)] \(params.serialized.prefix(200)): \(reply.serialized.prefix(300))")
                // Still before initialize: other requests are refused as such.
            }
            let early = server.channel.request("fetchReminders")
            XCTAssertEqual(early.errorCode, -32002, "[\(framing)] \(early.serialized)")
            // 256 bytes exactly, with shell metacharacters, and LSP extras that are ignored.
            let name = String(repeating: "é", count: 120) + "; $(x) `y` \"'" + String(repeating: "z", count: 3)
            XCTAssertEqual(name.utf8.count, 256)
            let good = server.channel.request(
                "initialize",
                [
                    "clientInfo": ["name": .string(name)], "processId": 1, "rootUri": .null,
                    "capabilities": ["textDocument": [:]], "trace": "off",
                ])
            XCTAssertNotNil(good.result, "[\(framing)] \(good)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }
}

/// A JSON path as the server names fields: `reminder.alarms[0].structuredLocation.radius`.
enum JSONPath {
    enum Step { case key(String), index(Int) }

    static func parse(_ path: String) -> [Step] {
        var steps: [Step] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                steps.append(.key(String(rest[..<bracket])))
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    steps.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close])!))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                steps.append(.key(String(rest)))
            }
        }
        return steps
    }
}

extension JSONValue {
    /// This value with the member or element at `path` set to `value` (members are added when missing).
    func setting(_ path: [JSONPath.Step], to value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch (first, self) {
        case (.key(let key), .object(var object)):
            object[key] = (object[key] ?? .object(JSONObject())).setting(rest, to: value)
            return .object(object)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = elements[index].setting(rest, to: value)
            return .array(elements)
        default:
            preconditionFailure("no \(first) in \(self.serialized.prefix(80))")
        }
    }
}
