import Foundation
import RemindersAppPasswords
import RemindersCalDAVFace
import RemindersHTTPServer
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest

/// A store with a list (Groceries, holding Milk & honey), an event calendar (Work, a stand-up),
/// two apps — khal granted everything, todoman the Groceries list read-only — and the face served
/// on a loopback port, asked over real sockets.
class FaceTestCase: XCTestCase {
    var folder: String!
    var eventStore: EventStore!
    var server: HTTPServer!
    var port: UInt16 { server.address.port }
    var groceries: ItemCalendar!
    var work: ItemCalendar!
    var milk: Reminder!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "FaceReadingTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/s.sqlite"
        eventStore = try EventStore(path: path)
        groceries = try eventStore.saveCalendar(CalendarChanges(title: "Groceries"))
        work = try eventStore.saveCalendar(CalendarChanges(title: "Work", entityType: .event))
        var changes = ReminderChanges()
        changes.title = .set("Milk & honey")
        changes.calendarIdentifier = .set(groceries.calendarIdentifier)
        milk = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        var event = EventChanges()
        event.title = .set("Stand-up")
        event.calendarIdentifier = .set(work.calendarIdentifier)
        event.startDate = .set(Timestamp(milliseconds: 1_800_000_000_000))
        event.endDate = .set(Timestamp(milliseconds: 1_800_000_900_000))
        _ = try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: event, lastModifiedDate: nil)
        try add("khal", [.reminder, .event])
        try add("todoman", [.reminder], scope: CalendarScope(calendars: [groceries.calendarIdentifier: true]))
        let face = try CalDAVFace(storePath: path)
        server = try HTTPServer(address: LoopbackAddress(port: 0)) { face.respond($0) }
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func add(_ name: String, _ kinds: [EntityType], scope: CalendarScope? = nil) throws {
        let hash = try PasswordHash.make("pw-" + name)
        try eventStore.write { store throws(StoreError) in
            try store.addDAVApp(DAVApp(name: name, passwordHash: hash, creationDate: Timestamp(milliseconds: 0)))
            for kind in kinds {
                try store.setAuthorizationStatus(.fullAccess, client: name, program: DAVApp.program, entityType: kind, scope: scope)
            }
        }
    }

    func ask(
        _ method: String, _ path: String, as app: String? = "khal", depth: String? = nil, headers extra: [String] = [], body: String = ""
    ) throws -> RawClient.Answer {
        var headers = extra
        if let app { headers.append("Authorization: Basic " + Data("\(app):pw-\(app)".utf8).base64EncodedString()) }
        if let depth { headers.append("Depth: \(depth)") }
        return try RawClient.exchange(RawClient.request(method, path, port: port, headers: headers, body: body), port: port)
    }

    func responses(_ answer: RawClient.Answer) throws -> [XMLNode] {
        XCTAssertEqual(answer.status, 207, answer.head + answer.body)
        return try XCTUnwrap(XMLNode.parse(Data(answer.body.utf8)), answer.body).children(DAVNamespace.dav, "response")
    }

    func property(_ response: XMLNode, _ namespace: String, _ name: String) -> XMLNode? {
        response.children(DAVNamespace.dav, "propstat").first { $0.child(DAVNamespace.dav, "status")?.text.contains("200") ?? false }?
            .child(DAVNamespace.dav, "prop")?.child(namespace, name)
    }
}
