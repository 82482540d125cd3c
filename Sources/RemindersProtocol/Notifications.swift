import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// One notification, declared once: its name, which way it goes, what it carries.
public struct NotificationDeclaration: Sendable {
    public enum Direction: String, Sendable { case fromClient, fromServer }

    public let name: String
    public let direction: Direction
    public let summary: String
    public let params: JSONSchema

    public init(name: String, direction: Direction, summary: String, params: JSONSchema) {
        self.name = name
        self.direction = direction
        self.summary = summary
        self.params = params
    }

}

/// Every notification, in one place (protocol.md has a section for each).
public enum NotificationRegistry {
    public static let initialized = NotificationDeclaration(
        name: "initialized", direction: .fromClient, summary: "The client received initialize's answer (LSP); accepted and ignored.",
        params: .object([], allowsOtherMembers: true))
    public static let exit = NotificationDeclaration(
        name: "exit", direction: .fromClient, summary: "Ends the process: status 0 after shutdown, else 1.", params: .emptyObject)
    public static let cancelRequest = NotificationDeclaration(
        name: "$/cancelRequest", direction: .fromClient, summary: "Cancels a request still queued or running: it ends with -32800.",
        params: .object([.init("id", .any(description: "The id of the request to cancel."), required: true)]))
    public static let storeChanged = NotificationDeclaration(
        name: "storeChanged", direction: .fromServer,
        summary: "Something was committed to the store, by anyone (EKEventStoreChanged); refetch what you show.",
        params: .emptyObject)
    public static let authorizationChanged = NotificationDeclaration(
        name: "authorizationChanged", direction: .fromServer, summary: "This client's authorization status changed.",
        params: CommonSchemas.result([("entityType", CommonSchemas.entityType), ("status", CommonSchemas.authorizationStatus)]))

    public static let progress = NotificationDeclaration(
        name: "$/progress", direction: .fromServer,
        summary: "How far a long request (sync) is, LSP's work-done progress: begin, report…, end, for the request's workDoneToken.",
        params: CommonSchemas.result([
            ("token", .any(description: "The workDoneToken the request gave.")),
            (
                "value",
                .object([
                    .init("kind", .oneOf(["begin", "report", "end"]), required: true),
                    .init("title", .string(), description: "begin: what is being done."),
                    .init("message", .string(), description: "What it is doing now."),
                    .init("percentage", .integer(IntegerRule(minimum: 0, maximum: 100))),
                ])
            ),
        ]))

    public static let alarmFired = NotificationDeclaration(
        name: "alarmFired", direction: .fromServer,
        summary: "An alarm fired (remindersd agent delivered it), to clients with full access to its kind that asked with capabilities.alarms.",
        params: .object([
            .init("reminder", ReminderSchemas.reminder, description: "A reminder's alarm: the reminder (else event)."),
            .init(EventSchemas.member, EventSchemas.event, description: "An event's alarm: the occurrence it belongs to (else reminder)."),
            .init("alarm", AlarmSchemas.alarm, required: true), .init("fireDate", CommonSchemas.instant, required: true),
            .init("occurrenceDate", .nullable(CommonSchemas.instant), required: true),
            .init("reason", .oneOf(["time", "enter", "leave", "snooze"]), required: true),
            .init("late", .boolean(description: "It came due while no agent ran."), required: true),
        ]))

    public static let all = [initialized, exit, cancelRequest, storeChanged, authorizationChanged, progress, alarmFired]
    public static var fromServer: [NotificationDeclaration] { all.filter { $0.direction == .fromServer } }
    public static var fromClient: [NotificationDeclaration] { all.filter { $0.direction == .fromClient } }
}
