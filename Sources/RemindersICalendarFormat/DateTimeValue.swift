/// DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5): a day, or a day and a time that is
/// floating (local wherever it is read), in UTC, or in the zone its `TZID` parameter names.
public struct DateTimeValue: Equatable, Sendable {
    public enum Zone: Equatable, Sendable {
        case floating, utc
        case named(String)
    }

    public var year: Int
    public var month: Int
    public var day: Int
    /// nil for a DATE.
    public var time: Time?
    public var zone: Zone

    public struct Time: Equatable, Sendable {
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(hour: Int, minute: Int, second: Int) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    public init(year: Int, month: Int, day: Int, time: Time? = nil, zone: Zone = .floating) {
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.zone = time == nil ? .floating : zone
    }

    public var isDate: Bool { time == nil }

    /// Reads the value of `property` (DTSTART, DUE, COMPLETED, TRIGGER;VALUE=DATE-TIME, …).
    /// Tolerant: eight digits are a DATE whatever VALUE says; a DATE-TIME marked VALUE=DATE keeps its day.
    public init(_ property: Property) throws(ICalendarError) {
        let text = property.value.trimmingTrailingSpaces()
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var value = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            (1...12).contains(month), (1...31).contains(day)
        else {
            throw ICalendarError("\(property.name): \"\(text.prefix(40))\" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)")
        }
        let wantsDate = property.parameter("VALUE")?.uppercased() == "DATE"
        guard digits.count > 8, !wantsDate else {
            self.init(year: year, month: month, day: day)
            return
        }
        guard digits.count >= 15, digits[8] == UInt8(ascii: "T") || digits[8] == UInt8(ascii: "t"),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second <= 60
        else {
            throw ICalendarError("\(property.name): \"\(text.prefix(40))\" is not a date-time (YYYYMMDDTHHMMSS)")
        }
        let isUTC = digits.count > 15 && (digits[15] == UInt8(ascii: "Z") || digits[15] == UInt8(ascii: "z"))
        guard digits.count == 15 || (isUTC && digits.count == 16) else {
            throw ICalendarError("\(property.name): \"\(text.prefix(40))\" has something after its time")
        }
        let zone: Zone
        if isUTC { zone = .utc } else if let tzid = property.parameter("TZID"), !tzid.isEmpty { zone = .named(tzid) } else { zone = .floating }
        // A leap second (60) is read as the second before it.
        self.init(year: year, month: month, day: day, time: Time(hour: hour, minute: minute, second: min(second, 59)), zone: zone)
    }

    /// The value as written after the colon.
    public var text: String {
        // Written digit by digit: these are in every item, and formatting numbers showed in exports.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        func digits(_ value: Int, _ width: Int) {
            var value = max(value, 0), divisor = 1
            for _ in 1..<width { divisor *= 10 }
            if value >= divisor * 10 { bytes += Array(String(value).utf8); return }
            while divisor > 0 { bytes.append(UInt8(ascii: "0") + UInt8(value / divisor)); value %= divisor; divisor /= 10 }
        }
        digits(year, 4); digits(month, 2); digits(day, 2)
        if let time {
            bytes.append(UInt8(ascii: "T"))
            digits(time.hour, 2); digits(time.minute, 2); digits(time.second, 2)
            if zone == .utc { bytes.append(UInt8(ascii: "Z")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The property `name` holding this value, with `VALUE=DATE` or `TZID` as it needs.
    public func property(_ name: String) -> Property {
        var parameters: [Parameter] = []
        if isDate { parameters.append(Parameter("VALUE", "DATE")) }
        if case .named(let tzid) = zone { parameters.append(Parameter("TZID", tzid)) }
        return Property(name, text, parameters)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(max(value, 0))
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
