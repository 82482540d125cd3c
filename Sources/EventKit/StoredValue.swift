/// A model value an object keeps behind one reference: a fetch makes thousands of `EKReminder`s,
/// most never read, and each would otherwise carry the whole value (hundreds of bytes) inline.
final class StoredValue<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
