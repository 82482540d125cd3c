import RemindersStore

/// Why an account or a list could not be synced, worded for the person who set it up.
public struct SyncError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension StoreError {
    /// Why an item was skipped, as a sync's report says it.
    var reportedBySync: String {
        if case .invalid(let validation) = self { return "\(validation.field): \(validation.message)" }
        if case .conflict = self { return "changed here while the sync ran; synced next time" }
        return description
    }
}
