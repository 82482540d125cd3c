import Foundation
import RemindersJSONRPC
import RemindersLauncher
import RemindersModel
import RemindersProtocol

/// What a request for access hears: whether it was granted, and why not when it failed.
public typealias EKEventStoreRequestAccessCompletionHandler = (Bool, (any Error)?) -> Void

/// Access, as iOS 17 asks for it: full access to reminders, full or write-only access to events.
/// The person decides — through their consent agent, or on the terminal — and the decision is
/// kept: later requests return it without asking. A program without a usage description (an
/// Info.plist key, where the program has a bundle) asks with a sentence naming it.
extension EKEventStore {
    /// The program's status, as the person left it (`remindersd permissions set` changes it).
    public class func authorizationStatus(for entityType: EKEntityType) -> EKAuthorizationStatus {
        guard case .success(let answer) = RemindersdProgram.call(AuthorizationStatusMethod.self, EntityTypeParams(entityType: entityType.model))
        else { return .notDetermined }
        return EKAuthorizationStatus(answer.status)
    }

    public func requestFullAccessToReminders() async throws -> Bool {
        try request(.reminder, level: .full, usageKey: "NSRemindersFullAccessUsageDescription")
    }

    public func requestFullAccessToReminders(completion: @escaping EKEventStoreRequestAccessCompletionHandler) {
        answer(completion) { try self.request(.reminder, level: .full, usageKey: "NSRemindersFullAccessUsageDescription") }
    }

    public func requestFullAccessToEvents() async throws -> Bool {
        try request(.event, level: .full, usageKey: "NSCalendarsFullAccessUsageDescription")
    }

    public func requestFullAccessToEvents(completion: @escaping EKEventStoreRequestAccessCompletionHandler) {
        answer(completion) { try self.request(.event, level: .full, usageKey: "NSCalendarsFullAccessUsageDescription") }
    }

    public func requestWriteOnlyAccessToEvents() async throws -> Bool {
        try request(.event, level: .writeOnly, usageKey: "NSCalendarsWriteOnlyAccessUsageDescription")
    }

    public func requestWriteOnlyAccessToEvents(completion: @escaping EKEventStoreRequestAccessCompletionHandler) {
        answer(completion) { try self.request(.event, level: .writeOnly, usageKey: "NSCalendarsWriteOnlyAccessUsageDescription") }
    }

    /// Full access to `entityType`, as before iOS 17.
    @available(*, deprecated, message: "use requestFullAccessToReminders, requestFullAccessToEvents or requestWriteOnlyAccessToEvents")
    public func requestAccess(to entityType: EKEntityType, completion: @escaping EKEventStoreRequestAccessCompletionHandler) {
        answer(completion) { try self.request(entityType, level: .full, usageKey: Self.fullAccessUsageKey(entityType)) }
    }

    /// Full access to `entityType`, as before iOS 17, awaited.
    @available(*, deprecated, message: "use requestFullAccessToReminders, requestFullAccessToEvents or requestWriteOnlyAccessToEvents")
    public func requestAccess(to entityType: EKEntityType) async throws -> Bool {
        try request(entityType, level: .full, usageKey: Self.fullAccessUsageKey(entityType))
    }

    private static func fullAccessUsageKey(_ entityType: EKEntityType) -> String {
        entityType == .event ? "NSCalendarsFullAccessUsageDescription" : "NSRemindersFullAccessUsageDescription"
    }

    /// The completion runs off the caller's thread, as EventKit's does.
    private func answer(_ completion: @escaping EKEventStoreRequestAccessCompletionHandler, _ body: @escaping @Sendable () throws -> Bool) {
        // Apple's handler type is not @Sendable, and Apple's store calls it on a queue of its own:
        // what the caller's closure touches there is the caller's to guard, as on a Mac.
        nonisolated(unsafe) let completion = completion
        DispatchQueue.global().async {
            do { completion(try body(), nil) } catch { completion(false, error) }
        }
    }

    private func request(_ entityType: EKEntityType, level: AccessLevel, usageKey: String) throws -> Bool {
        let usage =
            (Bundle.main.object(forInfoDictionaryKey: usageKey) as? String).flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(clientName) asks for \(level == .full ? "full" : "write-only") access to your \(entityType == .event ? "calendars" : "reminders")."
        let answer = try connection().call(
            RequestAccess.self, RequestAccess.Params(entityType: entityType.model, level: level, usageDescription: usage))
        return answer.granted
    }
}
