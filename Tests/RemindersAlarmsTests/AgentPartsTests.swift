import XCTest
@testable import RemindersAlarms

final class AgentPartsTests: XCTestCase {
    func testDurations() {
        XCTAssertEqual(DurationText.seconds("90s"), 90)
        XCTAssertEqual(DurationText.seconds("10m"), 600)
        XCTAssertEqual(DurationText.seconds("24h"), 86_400)
        XCTAssertEqual(DurationText.seconds("2d"), 172_800)
        for bad in ["", "m", "10", "-5m", "1.5h", "10 m", "3w"] { XCTAssertNil(DurationText.seconds(bad), bad) }
    }

    /// What `gdbus monitor` prints for the two signals the agent acts on, and what it ignores.
    func testNotificationSignalsFromGDBusMonitor() {
        XCTAssertEqual(
            NotificationEvent(monitorLine: "/org/freedesktop/Notifications: org.freedesktop.Notifications.ActionInvoked (uint32 7, 'complete')"),
            .action(id: 7, key: "complete"))
        XCTAssertEqual(
            NotificationEvent(monitorLine: "/org/freedesktop/Notifications: org.freedesktop.Notifications.NotificationClosed (uint32 3, uint32 2)"),
            .closed(id: 3, reason: 2))
        XCTAssertNil(NotificationEvent(monitorLine: "The name org.freedesktop.Notifications is owned by :1.4"))
        XCTAssertNil(NotificationEvent(monitorLine: "/org/freedesktop/Notifications: org.freedesktop.Notifications.ActionInvoked (uint32 x)"))
    }

    /// gdbus reads each argument as GVariant text: a title is one string literal whatever it holds.
    func testGVariantStringLiterals() {
        XCTAssertEqual(DesktopChannel.literal("Tea"), "'Tea'")
        XCTAssertEqual(DesktopChannel.literal("it's \\ done"), #"'it\'s \\ done'"#)
        XCTAssertEqual(DesktopChannel.literal("a\nb\u{1}"), #"'a\nb\u0001'"#)
    }
}
