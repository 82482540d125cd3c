/// A small, strict command-line reader: `--flag VALUE`, `--flag=VALUE`, `--switch`, and positionals.
public struct Arguments {
    public struct UsageError: Error {
        public let message: String
        public init(message: String) { self.message = message }
    }

    public private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    /// Every value of a flag given more than once, in order (`values(_:)`); `value(_:)` is the last.
    private var repeated: [String: [String]] = [:]
    private var switches: Set<String> = []

    /// `valueFlags` take a value; `switchFlags` do not. Anything else starting with `-` is an error.
    public init(_ arguments: [String], valueFlags: Set<String>, switchFlags: Set<String>) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // A negative number ("-33.87", a latitude) is a value, never a flag.
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueFlags.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name] = arguments[index]
                    index += 1
                }
                repeated[name, default: []].append(values[name] ?? "")
            } else if switchFlags.contains(name), inlineValue == nil {
                switches.insert(name)
            } else {
                throw UsageError(message: "unknown option \(argument.prefix(80))")
            }
        }
    }

    public func value(_ flag: String) -> String? { values[flag] }
    public func values(_ flag: String) -> [String] { repeated[flag] ?? [] }
    public func has(_ flag: String) -> Bool { switches.contains(flag) }

    /// An integer option's value, in the bounds its declaration gives (nil when it was not given).
    public func integer(_ option: Option) throws -> Int? {
        guard let text = values[option.name] else { return nil }
        let bounds = option.bounds ?? Int.min...Int.max
        guard let number = Int(text), bounds.contains(number) else {
            throw UsageError(message: "\(option.name) must be an integer in \(bounds.lowerBound)…\(bounds.upperBound), got \(text.prefix(40))")
        }
        return number
    }
}
