#if canImport(Glibc)
    import Glibc
#endif

/// A JSON member name compared byte for byte.
///
/// RFC 8259 §8.3 compares names code unit by code unit. Swift's `String ==` and `String`
/// hashing use Unicode canonical equivalence instead, so `"é"` (U+00E9) equals `"e\u{301}"` and
/// `"K"` equals KELVIN SIGN (U+212A): with them, two distinct keys would be refused as duplicates
/// and a lookup of one key could return another key's value.
struct JSONKey: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { equal(lhs.string, rhs.string) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte equality of the UTF-8 forms; a length check first keeps the common mismatch cheap.
    @inline(__always)
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.utf8, rhs.utf8)
        let count = left.count
        guard count == right.count else { return false }
        if count == 0 { return true }
        let fast = left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in memcmp(l.baseAddress!, r.baseAddress!, count) == 0 }
        }
        if let fast, let result = fast { return result }
        return left.elementsEqual(right)
    }
}
