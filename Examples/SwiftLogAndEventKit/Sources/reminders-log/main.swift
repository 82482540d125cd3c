import EventKit
import Logging

// Logs with swift-log's Logger, asks EventKit for access and names the reminder lists.
let logger = Logger(label: "reminders-log")
let store = EKEventStore()
do {
    let granted = try await store.requestFullAccessToReminders()
    logger.info("access to reminders: \(granted)")
    let lists = store.calendars(for: .reminder).map(\.title).sorted()
    print("lists: \(lists.joined(separator: ", "))")
} catch {
    logger.error("refused: \(error.localizedDescription)")
    exit(1)
}
