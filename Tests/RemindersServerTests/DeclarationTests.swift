import Foundation
import JSONRPC
import XCTest
@testable import RemindersServer

/// The "Adding a method" checklist, enforced: each method is one file, one registry line, one
/// protocol.md section and at least one end-to-end test; and nothing else spells its name.
final class DeclarationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String { try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) }

    private func swiftFiles(under folder: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    func testEachMethodIsDeclaredInItsOwnFile() throws {
        for method in MethodRegistry.all {
            let type = String(describing: method.declaration)
            let file = "Sources/RemindersServer/Methods/\(type).swift"
            let text = try read(file)
            XCTAssertTrue(text.contains("static let name = \"\(method.name)\""), "\(file) declares \(method.name)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/RemindersServer/Methods").path)
        XCTAssertEqual(Set(files.map { String($0.dropLast(".swift".count)) }),
                       Set(MethodRegistry.all.map { String(describing: $0.declaration) }), "Methods/ holds the declarations and nothing else")
        XCTAssertEqual(Set(MethodRegistry.all.map(\.name)).count, MethodRegistry.all.count, "names are unique")
    }

    /// Where a literal equal to a method's name is not that method: JSON member names (`tags` is a
    /// reminder's member and a method, `calendars` a result's member): in the schemas and the coding
    /// between JSON and the model, as a subscript (`item["tags"]`), as a writer's key; and
    /// `"commit"`, the params member every staging method takes, which `CommitParam` declares once;
    /// and the command line's subcommand words (`remindersd sync` runs the syncer, not the method).
    static func namesAMemberNotAMethod(_ file: URL, _ text: String, _ name: String) -> Bool {
        let path = file.path
        if path.contains("/RemindersServer/Schemas/") || path.contains("/RemindersServer/Coding/") { return true }
        if name == "commit" && path.hasSuffix("Declarations/MethodDeclaration.swift") { return true }
        // Every occurrence must be a member access.
        let literal = "\"\(name)\""
        var rest = Substring(text)
        while let range = rest.range(of: literal) {
            let before = rest[..<range.lowerBound]
            let subcommand = path.hasSuffix("RemindersCLI/CommandLine.swift") && before.hasSuffix("case ")
            let member = subcommand || before.hasSuffix("[") || before.hasSuffix("key(static: ") || before.hasSuffix("field(")
            if !member { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// The modules that speak the protocol (the model and the store know no methods at all).
    func testNoMethodNameIsSpelledOutsideItsFile() throws {
        for file in swiftFiles(under: "Sources/RemindersServer") + swiftFiles(under: "Sources/RemindersCLI") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for method in MethodRegistry.all where text.contains("\"\(method.name)\"") {
                let own = file.lastPathComponent == "\(String(describing: method.declaration)).swift"
                XCTAssertTrue(own || Self.namesAMemberNotAMethod(file, text, method.name), "\"\(method.name)\" appears in \(file.path)")
            }
        }
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
        let tests = try swiftFiles(under: "Tests/EndToEndTests").map { try String(contentsOf: $0, encoding: .utf8) }.joined()
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
