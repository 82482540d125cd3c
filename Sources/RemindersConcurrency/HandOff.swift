import Synchronization

/// A value made on one thread and given to another, which alone uses it from then on: a store
/// connection opened where its failure can still be reported, for the thread that will own it.
/// Taken once; a second `take` finds nothing.
public final class HandOff<Value>: Sendable {
    private let value: Mutex<Value?>

    public init(_ value: sending Value) { self.value = Mutex(value) }

    public func take() -> sending Value? { value.withLock { $0.take() } }
}
