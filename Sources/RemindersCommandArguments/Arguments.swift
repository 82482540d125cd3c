import Foundation

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
    init(_ arguments: [String], valueFlags: Set<String>, switchFlags: Set<String>) throws {
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

    /// An option's value, read by its declaration (argument-parser's `@Option`): the last one given.
    public func value(_ option: Option) -> String? { values[read(option)] }
    /// Every value of an option given more than once, in order.
    public func values(_ option: Option) -> [String] { repeated[read(option)] ?? [] }
    /// Whether a switch was given.
    public func has(_ option: Option) -> Bool { switches.contains(read(option)) }
    /// `--help` or `-h`, which every command takes without declaring it.
    var wantsHelp: Bool { switches.contains("--help") || switches.contains("-h") }

    /// The name it is read by. An option the command does not declare reads as not given: the
    /// serving options are read alike for `serve`, `call` and `mcp`, which take a few of them.
    private func read(_ option: Option) -> String { option.name }

    /// An option whose value is one of the words its declaration offers (its completion), read
    /// as `T`: so the words a shell offers, `--help` lists and the reader takes are one list.
    public func choice<T: RawRepresentable>(_ option: Option, as type: T.Type = T.self) throws -> T? where T.RawValue == String {
        try choice(option) { T(rawValue: $0) }
    }

    /// The same, read by `reading` (which knows each of the words).
    public func choice<T>(_ option: Option, reading: (String) -> T?) throws -> T? {
        guard let text = values[read(option)] else { return nil }
        guard case .words(let words) = option.completion else {
            assertionFailure("\(option.name) offers no words to choose from")
            return reading(text)
        }
        guard words.contains(text), let value = reading(text) else {
            throw UsageError(message: "\(option.name) must be one of \(words.joined(separator: ", ")), got \(text.prefix(40))")
        }
        return value
    }

    /// A number option's value, in the bounds its declaration gives (nil when it was not given).
    public func number(_ option: Option) throws -> Double? {
        guard let text = values[read(option)] else { return nil }
        guard case .number(let bounds, let unit) = option.valueKind else {
            assertionFailure("\(option.name) is not declared a number")
            return Double(text)
        }
        guard let number = Double(text), number.isFinite, bounds.contains(number) else {
            let range = "\(Self.plain(bounds.lowerBound))…\(Self.plain(bounds.upperBound))"
            throw UsageError(message: "\(option.name) must be \(range) \(unit), got \(text.prefix(40))")
        }
        return number
    }

    /// A duration option's value in seconds (nil when it was not given).
    public func duration(_ option: Option) throws -> TimeInterval? {
        guard let text = values[read(option)] else { return nil }
        return try Self.duration(text, of: option)
    }

    /// `text` read as `option`'s duration: 90s, 10m, 24h or 2d.
    public static func duration(_ text: String, of option: Option) throws -> TimeInterval {
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError(message: "\(option.name) takes a duration such as 90s, 10m, 24h or 2d, got \(text.prefix(40))")
        }
        return seconds
    }

    private static func plain(_ number: Double) -> String { number.rounded() == number ? String(Int(number)) : String(number) }

    /// An integer option's value, in the bounds its declaration gives (nil when it was not given).
    public func integer(_ option: Option) throws -> Int? {
        guard let text = values[read(option)] else { return nil }
        let bounds = option.bounds ?? Int.min...Int.max
        guard let number = Int(text), bounds.contains(number) else {
            throw UsageError(message: "\(option.name) must be an integer in \(bounds.lowerBound)…\(bounds.upperBound), got \(text.prefix(40))")
        }
        return number
    }
}
