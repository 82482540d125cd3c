/// One option of a command, declared once: what the reader takes, what `--help` says of it and
/// what a shell offers for its value. Usage texts, completions and man pages are made from these.
public struct Option: Sendable, Equatable {
    /// What a shell offers for the option's value.
    public enum Completion: Sendable, Equatable {
        case none
        /// A path: a file, a folder or a program.
        case file
        /// One of these words.
        case words([String])
    }

    /// `--store`.
    public let name: String
    /// What its value is called in usage texts (`PATH`); nil for a switch, which takes none.
    public let placeholder: String?
    /// What `--help` says of it: lines, the first beside the option.
    public let help: String
    public let completion: Completion
    /// Read but not shown: for the program that runs this one (`--serve`), not for people.
    public let isHidden: Bool
    /// Its value may be left out (`--sync [INTERVAL]`): the reader takes it as a switch, and the
    /// command reads the value that may follow it before (`Arguments` cannot tell it from an argument).
    public let valueIsOptional: Bool
    /// For an integer option, the values it takes: its reader refuses others (`Arguments.integer`),
    /// so the bounds are written here once, for every command that reads it.
    public let bounds: ClosedRange<Int>?
    /// What else its value is, read by its reader (`Arguments.number`, `Arguments.duration`).
    public var valueKind: ValueKind = .text

    /// A value's kind beyond text and integers: a number in bounds (`--accuracy M`), or a duration
    /// (`--snooze 10m`: `DurationText`).
    public enum ValueKind: Sendable, Equatable {
        case text
        case number(ClosedRange<Double>, unit: String)
        case duration
    }

    /// An option that takes a value (`--store PATH`, `--store=PATH`).
    public static func value(_ name: String, _ placeholder: String, _ help: String, completion: Completion = .none, hidden: Bool = false)
        -> Option
    {
        Option(name: name, placeholder: placeholder, help: help, completion: completion, isHidden: hidden, valueIsOptional: false, bounds: nil)
    }

    /// An option that takes an integer in `bounds` (`--days N`).
    public static func integer(_ name: String, _ placeholder: String, _ help: String, in bounds: ClosedRange<Int>, hidden: Bool = false) -> Option {
        Option(name: name, placeholder: placeholder, help: help, completion: .none, isHidden: hidden, valueIsOptional: false, bounds: bounds)
    }

    /// An option that takes a number in `bounds`, of `unit` (`--accuracy M`, metres).
    public static func number(_ name: String, _ placeholder: String, _ help: String, in bounds: ClosedRange<Double>, unit: String) -> Option {
        var option = Option.value(name, placeholder, help)
        option.valueKind = .number(bounds, unit: unit)
        return option
    }

    /// An option that takes a duration: 90s, 10m, 24h, 2d (`--snooze DURATION`).
    public static func duration(_ name: String, _ placeholder: String, _ help: String) -> Option {
        var option = Option.value(name, placeholder, help)
        option.valueKind = .duration
        return option
    }

    /// An option whose value may be left out (`--sync [INTERVAL]`).
    public static func optionalValue(_ name: String, _ placeholder: String, _ help: String) -> Option {
        Option(name: name, placeholder: placeholder, help: help, completion: .none, isHidden: false, valueIsOptional: true, bounds: nil)
    }

    /// The same, its value a duration when given (`--sync [INTERVAL]`).
    public static func optionalDuration(_ name: String, _ placeholder: String, _ help: String) -> Option {
        var option = optionalValue(name, placeholder, help)
        option.valueKind = .duration
        return option
    }

    /// A switch (`--dry-run`).
    public static func flag(_ name: String, _ help: String, hidden: Bool = false) -> Option {
        Option(name: name, placeholder: nil, help: help, completion: .none, isHidden: hidden, valueIsOptional: false, bounds: nil)
    }

    /// The same option, read but not shown.
    public var hidden: Option {
        var option = Option(
            name: name, placeholder: placeholder, help: help, completion: completion, isHidden: true, valueIsOptional: valueIsOptional,
            bounds: bounds)
        option.valueKind = valueKind
        return option
    }

    /// Whether the reader takes a value after it.
    public var takesValue: Bool { placeholder != nil && !valueIsOptional }

    /// How it is written in a usage text: `--store PATH`, `--sync [INTERVAL]`.
    public var synopsis: String {
        guard let placeholder else { return name }
        return valueIsOptional ? "\(name) [\(placeholder)]" : "\(name) \(placeholder)"
    }
}
