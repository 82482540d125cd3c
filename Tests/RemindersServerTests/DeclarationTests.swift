import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
@testable import RemindersServer
import XCTest

/// The "Adding a method" checklist, enforced: each method is one file, one registry line, one
/// protocol.md section and at least one end-to-end test; and nothing else spells its name.
final class DeclarationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String { try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) }

    private func swiftFiles(under folder: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// Each method is declared in RemindersProtocol (its name, params, result) and handled in
    /// RemindersServer, one file each, under the same name.
    func testEachMethodIsDeclaredInItsOwnFileAndHandledInAnother() throws {
        for method in MethodRegistry.all {
            let type = String(describing: method.declaration)
            let declaration = "Sources/RemindersProtocol/Methods/\(type).swift"
            XCTAssertTrue(try read(declaration).contains("static let name = \"\(method.name)\""), "\(declaration) declares \(method.name)")
            let handler = "Sources/RemindersServer/Methods/\(type).swift"
            XCTAssertTrue(try read(handler).contains("extension \(type): MethodHandler"), "\(handler) handles \(method.name)")
        }
        for folder in ["Sources/RemindersProtocol/Methods", "Sources/RemindersServer/Methods"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            XCTAssertEqual(
                Set(files.map { String($0.dropLast(".swift".count)) }),
                Set(MethodRegistry.all.map { String(describing: $0.declaration) }), "\(folder) holds one file per method and nothing else")
        }
        XCTAssertEqual(Set(MethodRegistry.all.map(\.name)).count, MethodRegistry.all.count, "names are unique")
    }

    /// Where a literal equal to a method's name is a use of that method: where a method is called
    /// or looked up by name (`call("tags"`, `method == "sync"`, `["call", "sync"`). Elsewhere the same
    /// word is a JSON member (`tags` is a reminder's member and a method), a value, or prose.
    /// MCP's own `initialize` (the MCP lifecycle, not this protocol's) shares a name with ours.
    static func namesAMemberNotAMethod(_ file: URL, _ text: String, _ name: String) -> Bool {
        let path = file.path
        if name == "initialize" && path.hasSuffix("RemindersMCP/MCPServer.swift") { return true }
        let uses = ["call(", "answer(", "request(", "named(", "method: ", "method == ", "\"call\", "]
        let literal = "\"\(name)\""
        var rest = Substring(text)
        while let range = rest.range(of: literal) {
            let before = rest[..<range.lowerBound]
            if uses.contains(where: { before.hasSuffix($0) }) { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Every module, the EventKit library, MCP and the command line included: each names a method
    /// by its declaration (`SaveReminder.name`), never by a string of its own.
    func testNoMethodNameIsSpelledOutsideItsDeclaration() throws {
        let speakers = ["RemindersProtocol", "RemindersServer", "RemindersCLI", "RemindersMCP", "EventKit"]
        for file in speakers.flatMap({ swiftFiles(under: "Sources/\($0)") }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for method in MethodRegistry.all where text.contains("\"\(method.name)\"") {
                let own = file.path.hasSuffix("RemindersProtocol/Methods/\(String(describing: method.declaration)).swift")
                XCTAssertTrue(own || Self.namesAMemberNotAMethod(file, text, method.name), "\"\(method.name)\" appears in \(file.path)")
            }
        }
    }

    /// The modules that speak the protocol, either way.
    private static let speakers = [
        "RemindersProtocol", "RemindersServer", "RemindersCLI", "RemindersMCP", "EventKit", "CoreLocation", "RemindersAlarms", "RemindersSyncCLI",
        "RemindersSyncHelper",
    ]

    /// A notification is named by its declaration (`NotificationRegistry.storeChanged.name`) by
    /// whoever sends or hears it (issue 53): EventKit spelled two of them.
    func testNoNotificationNameIsSpelledOutsideItsDeclaration() throws {
        for file in Self.speakers.flatMap({ swiftFiles(under: "Sources/\($0)") }) where !file.path.hasSuffix("RemindersProtocol/Notifications.swift")
        {
            let code = try Self.withoutComments(String(contentsOf: file, encoding: .utf8))
            for notification in NotificationRegistry.all where code.contains("\"\(notification.name)\"") {
                XCTFail("\"\(notification.name)\" appears in \(file.path): name it by NotificationRegistry.\(notification.name)")
            }
        }
    }

    /// The libraries in other people's programs write params and read results by the methods'
    /// declarations (issue 53): no params member is spelt there as a string — EventKit spelt 180
    /// member names in 333 places, `"isCompleted"` in nine files.
    func testNoParamsMemberIsSpelledInTheClientLibraries() throws {
        var members = Set<String>()
        func collect(_ schema: JSONSchema) {
            switch schema.resolved {
            case .object(let rule):
                for property in rule.properties where members.insert(property.name).inserted { collect(property.schema) }
            case .array(let rule): collect(rule.items)
            case .nullable(let inner): collect(inner)
            default: break
            }
        }
        for method in MethodRegistry.all { collect(.object(method.params)) }
        XCTAssertTrue(members.isSuperset(of: ["isCompleted", "dueDateComponents", "relativeOffset", "calendarIdentifier"]), "\(members)")
        for library in ["EventKit", "CoreLocation", "RemindersLauncher"] {
            for file in swiftFiles(under: "Sources/\(library)") {
                // Apple's `renamed:` names a Swift member, not a params member.
                let code = try Self.withoutComments(String(contentsOf: file, encoding: .utf8)).replacing(/renamed: "\w+"/, with: "")
                for member in members where code.contains("\"\(member)\"") {
                    XCTFail("\"\(member)\" appears in \(file.path): write the params by the method's declaration")
                }
            }
        }
    }

    /// remindersd's own error codes are written once (`ResponseError.notAuthorizedCode`, …): a
    /// number in code elsewhere is a second spelling (MCP had -32010). Descriptions in the
    /// declarations and comments may quote them.
    func testNoErrorCodeIsSpelledOutsideItsDeclaration() throws {
        let codes = [
            ResponseError.notAuthorizedCode, ResponseError.notFoundCode, ResponseError.conflictCode, ResponseError.storeUnavailableCode,
            ResponseError.geocodeFailedCode,
        ]
        for file in Self.speakers.flatMap({ swiftFiles(under: "Sources/\($0)") }) where !file.path.contains("/RemindersProtocol/") {
            let code = try Self.withoutComments(String(contentsOf: file, encoding: .utf8))
            for number in codes where code.contains(String(number)) {
                XCTFail("\(number) appears in \(file.path): name it by its declaration in RemindersProtocol/ErrorCodes.swift")
            }
        }
    }

    /// The reasons in `data.reason` are declared once (`EventKitErrorCode`, `GeocodeFailureReason`)
    /// and named by their cases: EventKit kept a second table of 21 reason strings, MCP and the
    /// geocoder spelt theirs.
    func testNoErrorReasonIsSpelledOutsideItsDeclaration() throws {
        let reasons = EventKitErrorCode.allCases.map(\.rawValue) + GeocodeFailureReason.allCases.map(\.rawValue)
        for file in Self.speakers.flatMap({ swiftFiles(under: "Sources/\($0)") }) where !file.path.hasSuffix("RemindersProtocol/ErrorCodes.swift") {
            let code = try Self.withoutComments(String(contentsOf: file, encoding: .utf8))
            for reason in reasons where code.contains("\"\(reason)\"") {
                XCTFail("\"\(reason)\" appears in \(file.path): name it by its declared case")
            }
        }
    }

    /// Swift text without its comments (a `//` inside a string is rare enough here to ignore).
    private static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard let start = line.range(of: "//") else { return line }
            return line[..<start.lowerBound]
        }.joined(separator: "\n")
    }

    /// Section headings of protocol.md that name a method or notification: "### `name`".
    private func protocolSections() throws -> Set<String> {
        let text = try read("protocol.md")
        var names = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("### `") {
            let rest = line.dropFirst(5)
            if let end = rest.firstIndex(of: "`") { names.insert(String(rest[..<end])) }
        }
        return names
    }

    func testProtocolMDHasASectionForEachMethodAndNotificationAndNoOther() throws {
        let declared = Set(MethodRegistry.all.map(\.name) + NotificationRegistry.all.map(\.name))
        let documented = try protocolSections()
        XCTAssertEqual(declared.subtracting(documented).sorted(), [], "declared but without a protocol.md section")
        XCTAssertEqual(documented.subtracting(declared).sorted(), [], "documented in protocol.md but not declared")
    }

    func testEachMethodHasAnEndToEndTest() throws {
        let tests = try swiftFiles(under: "Tests/RemindersEndToEndTests").map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for method in MethodRegistry.all {
            XCTAssertTrue(tests.contains("\"\(method.name)\""), "no end-to-end test calls \(method.name)")
        }
    }

    /// A prefix is derived from the params member marked as the subject, so a store validation
    /// error always names a field the client sent (removeAlarm once claimed a `reminder` member).
    func testFieldPrefixesNameAnObjectParam() {
        for method in MethodRegistry.all {
            guard let prefix = method.fieldPrefix else { continue }
            XCTAssertNotNil(method.params.property(prefix)?.schema.objectRule, "\(method.name): \(prefix)")
        }
        XCTAssertNil(MethodRegistry.named("removeAlarm")?.fieldPrefix)
        XCTAssertEqual(MethodRegistry.named("saveReminder")?.fieldPrefix, "reminder")
        XCTAssertEqual(MethodRegistry.named("saveCalendar")?.fieldPrefix, "calendar")
    }

    func testStagingMethodsTakeCommitAndNoOtherDoes() {
        for method in MethodRegistry.all {
            XCTAssertEqual(method.params.property(CommitParam.name) != nil, method.effect == .stages, method.name)
        }
    }

    func testTheDocumentListsEveryMethodAndNotification() throws {
        let document = try JSONParser.parse(OpenRPCDocument.bytes)
        let methods = document["methods"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        XCTAssertEqual(methods, MethodRegistry.all.map(\.name) + NotificationRegistry.fromClient.map(\.name))
        XCTAssertEqual(document["x-notifications"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, NotificationRegistry.fromServer.map(\.name))
        XCTAssertEqual(document.at("info", "version"), .string(ServerInfo.version))
        let schemas = document.at("components", "schemas")?.objectValue?.keys ?? []
        for name in ["Reminder", "ReminderChanges", "Calendar", "DateComponents", "Alarm", "AlarmInput", "RecurrenceRule", "ReminderPredicate"] {
            XCTAssertTrue(schemas.contains(name), name)
        }
        // Every $ref points at a component that is there.
        func references(_ value: JSONValue) -> [String] {
            switch value {
            case .object(let object):
                return (object["$ref"]?.stringValue.map { [$0] } ?? []) + object.members.flatMap { references($0.value) }
            case .array(let elements): return elements.flatMap(references)
            default: return []
            }
        }
        for reference in Set(references(document)) {
            XCTAssertTrue(schemas.contains(String(reference.dropFirst("#/components/schemas/".count))), reference)
        }
    }
}

private extension JSONValue {
    func at(_ keys: String...) -> JSONValue? { keys.reduce(Optional(self)) { $0?[$1] } }
}
