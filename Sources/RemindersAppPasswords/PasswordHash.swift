import Glibc
import RemindersCCrypt

/// A password kept only as libcrypt's yescrypt hash (`$y$…`, Debian's default for login
/// passwords): slow on purpose, salted, and in a form `crypt(3)` checks. Nothing here keeps or
/// logs the password itself.
public enum PasswordHash {
    /// A new hash of `password` with a fresh salt from the system's random source.
    public static func make(_ password: String) throws(PasswordHashError) -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw .unavailable("crypt_gensalt_rn: \(String(cString: strerror(errno)))")
        }
        return try hash(password, setting: setting)
    }

    /// Whether `password` is the one `stored` was made from.
    public static func verify(_ password: String, against stored: String) -> Bool {
        guard stored.hasPrefix("$"), let computed = try? hash(password, setting: Array(stored.utf8CString)) else { return false }
        return equalInConstantTime(Array(computed.utf8), Array(stored.utf8))
    }

    private static func hash(_ password: String, setting: [CChar]) throws(PasswordHashError) -> String {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            // What crypt worked with is wiped before the memory is given back.
            memset(data, 0, MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let result = crypt_rn(password, setting, data, Int32(MemoryLayout<crypt_data>.size)), result.pointee != 0x2A else {
            throw .unavailable("crypt_rn: \(String(cString: strerror(errno)))")
        }
        return String(cString: result)
    }
}

public enum PasswordHashError: Error, CustomStringConvertible {
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): return "libcrypt could not hash the password: \(reason)"
        }
    }
}
