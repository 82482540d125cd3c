#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read straight from `environ`: Foundation's
/// `ProcessInfo.environment` costs more than the rest of a one-shot call's start-up.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }
}
