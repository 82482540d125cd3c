#if canImport(Glibc)
    import Glibc
#endif

/// The member names a parse has met, so each distinct one is one String however often it comes:
/// a fixed table of short ASCII names, found by a hash of their bytes and confirmed byte for byte.
/// A collision overwrites — it only costs a String — so the table never grows.
struct NameTable {
    /// Names read before the table is made: a small request never pays for it.
    static let threshold = 64
    /// Longer names are rare and read as plain strings.
    static let longest = 40
    private static let slots = 256

    private var names = [String?](repeating: nil, count: slots)

    func name(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard var known = names[Self.slot(bytes)] else { return nil }
        let count = bytes.count
        guard known.utf8.count == count else { return nil }
        let same = count == 0 || known.withUTF8 { memcmp($0.baseAddress!, bytes.baseAddress!, count) == 0 }
        return same ? known : nil
    }

    mutating func remember(_ name: String, for bytes: UnsafeBufferPointer<UInt8>) {
        names[Self.slot(bytes)] = name
    }

    /// FNV-1a over the bytes: enough to spread twenty-odd names over the slots.
    private static func slot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(slots))
    }
}
