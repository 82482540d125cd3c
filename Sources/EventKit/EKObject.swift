import Foundation

/// What every EventKit object is: a snapshot of the store's item as it was read, which
/// `refresh()` reads again.
open class EKObject: NSObject {
    /// Whether it was made here and never saved.
    public var isNew: Bool { true }

    /// Whether anything was changed since it was read (or made).
    public var hasChanges: Bool { false }

    /// Reads the item again; false when it is gone from the store (or was never saved).
    @discardableResult
    open func refresh() -> Bool { false }

    /// Forgets the changes made since it was read.
    open func rollback() {}

    /// The same as `rollback()`.
    open func reset() { rollback() }
}
