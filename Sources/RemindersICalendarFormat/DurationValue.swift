/// DURATION values (RFC 5545 §3.3.6) as signed seconds: `-PT15M`, `P1D`, `P2W`, `-P1DT2H30M`.
public enum DurationValue {
    public static func seconds(_ text: String) -> Int? {
        var bytes = Array(text.trimmingTrailingSpaces().utf8)[...]
        var sign = 1
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            if first == UInt8(ascii: "-") { sign = -1 }
            bytes = bytes.dropFirst()
        }
        guard bytes.first == UInt8(ascii: "P") || bytes.first == UInt8(ascii: "p") else { return nil }
        bytes = bytes.dropFirst()
        var total = 0
        var number: Int?
        var inTime = false
        var sawPart = false
        var sawTimePart = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let digit = Int(byte - 0x30)
                guard (number ?? 0) < 100_000_000 else { return nil }
                number = (number ?? 0) * 10 + digit
            case UInt8(ascii: "T"), UInt8(ascii: "t"):
                guard number == nil, !inTime else { return nil }
                inTime = true
            default:
                guard let value = number else { return nil }
                let unit: Int
                switch (byte | 0x20, inTime) {
                case (UInt8(ascii: "w"), false): unit = 7 * 86_400
                case (UInt8(ascii: "d"), false): unit = 86_400
                case (UInt8(ascii: "h"), true): unit = 3_600
                case (UInt8(ascii: "m"), true): unit = 60
                case (UInt8(ascii: "s"), true): unit = 1
                default: return nil
                }
                total += value * unit
                number = nil
                sawPart = true
                sawTimePart = sawTimePart || inTime
            }
        }
        guard sawPart, number == nil, !inTime || sawTimePart else { return nil }
        return sign * total
    }

    public static func text(_ seconds: Int) -> String {
        var text = seconds < 0 ? "-P" : "P"
        var rest = abs(seconds)
        if rest == 0 { return "PT0S" }
        let days = rest / 86_400
        rest %= 86_400
        if days > 0 { text += "\(days)D" }
        if rest > 0 {
            text += "T"
            if rest >= 3_600 { text += "\(rest / 3_600)H"; rest %= 3_600 }
            if rest >= 60 { text += "\(rest / 60)M"; rest %= 60 }
            if rest > 0 { text += "\(rest)S" }
        }
        return text
    }
}

/// UTC-OFFSET values (RFC 5545 §3.3.14) as seconds east of UTC: `+0100`, `-0530`, `+013045`.
public enum UTCOffsetValue {
    public static func seconds(_ text: String) -> Int? {
        let bytes = Array(text.trimmingTrailingSpaces().utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes.dropFirst().allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        let digit = { (i: Int) in Int(bytes[i] - 0x30) }
        let hours = digit(1) * 10 + digit(2), minutes = digit(3) * 10 + digit(4)
        let seconds = bytes.count == 7 ? digit(5) * 10 + digit(6) : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }

    public static func text(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + DateTimeValue.pad(magnitude / 3600, 2) + DateTimeValue.pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += DateTimeValue.pad(magnitude % 60, 2) }
        return text
    }
}
