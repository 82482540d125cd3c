import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The agent refreshes subscriptions that are due by itself, through remindersd-sync, and logs
/// what changed by the subscription's title, never its address.
final class AgentSubscriptionTests: AgentTestCase {
    func testTheAgentRefreshesASubscriptionThatIsDue() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("holidays.ics")
        let secretPath = "/holidays.ics?token=s3cret"
        let added = try RemindersdProcess.run(["subscriptions", "add", publisher.base + secretPath, "--store", folder.store])
        XCTAssertEqual(added.status, 0, added.stderr)
        // A later refresh finds one more; with no state of its refreshes (the status file gone), it is due at once.
        let text = try LocalFeedPublisher.fixture("holidays.ics").replacingOccurrences(
            of: "END:VCALENDAR",
            with: [
                "BEGIN:VEVENT", "UID:20270503_mayday@google.com", "DTSTAMP:20261206T120000Z", "DTSTART;VALUE=DATE:20270503",
                "DTEND;VALUE=DATE:20270504", "SUMMARY:Early May bank holiday", "END:VEVENT", "END:VCALENDAR",
            ].joined(separator: "\r\n"))
        try publisher.publish("holidays.ics", text)
        try FileManager.default.removeItem(atPath: folder.store + ".subscription-status")
        let asked = publisher.requests.count

        let agent = try agent()
        defer { agent.terminate(); agent.waitUntilExit() }
        let deadline = Date().addingTimeInterval(30)
        while publisher.requests.count == asked, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(publisher.requests.last?.path, secretPath)
        while !(agentLogs.last?.text.contains("1 added") ?? false), Date() < deadline { usleep(50_000) }
        let log = agentLogs.last?.text ?? ""
        XCTAssertTrue(log.contains("subscription \"Holidays in United Kingdom\": 1 added, 0 changed, 0 removed, 4 unchanged"), log)
        XCTAssertFalse(log.contains("s3cret") || log.contains("127.0.0.1:"), "no address in the log: \(log)")
        let listed = try RemindersdProcess.run(["subscriptions", "list", "--json", "--store", folder.store])
        XCTAssertTrue(listed.stdout.contains("\"lastResult\":\"ok: 1 added"), listed.stdout)
        XCTAssertFalse(listed.stdout.contains("s3cret"), "the query is not shown: \(listed.stdout)")
    }
}
