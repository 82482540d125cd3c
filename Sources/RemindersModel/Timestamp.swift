import RemindersCivilTime

/// An instant, in whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Instants travel as RFC 3339 text and are compared for equality (optimistic concurrency
/// on `lastModifiedDate`), so they are kept as exact integers, never as floating point.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
    public init(seconds: Int64) { self.milliseconds = seconds * 1000 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// This instant plus `milliseconds`.
    public func advanced(by milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: self.milliseconds + milliseconds) }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ`, always UTC and always with milliseconds.
    public var rfc3339: String {
        String(unsafeUninitializedCapacity: 24) { buffer in
            writeRFC3339(into: buffer)
            return 24
        }
    }

    /// Writes the 24 bytes of `rfc3339` (years 0…9999) without making a String; for encoders on hot paths.
    public func writeRFC3339(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let seconds = milliseconds.floorDivided(by: 1000)
        let millis = Int(milliseconds - seconds * 1000)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        func put(_ value: Int, _ width: Int, at offset: Int) {
            var value = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(min(max(year, 0), 9999), 4, at: 0)
        buffer[4] = UInt8(ascii: "-"); put(month, 2, at: 5)
        buffer[7] = UInt8(ascii: "-"); put(day, 2, at: 8)
        buffer[10] = UInt8(ascii: "T"); put(secondOfDay / 3600, 2, at: 11)
        buffer[13] = UInt8(ascii: ":"); put(secondOfDay / 60 % 60, 2, at: 14)
        buffer[16] = UInt8(ascii: ":"); put(secondOfDay % 60, 2, at: 17)
        buffer[19] = UInt8(ascii: "."); put(millis, 3, at: 20)
        buffer[23] = UInt8(ascii: "Z")
    }

    public var description: String { rfc3339 }

    /// Parses RFC 3339 (`2026-11-29T09:00:00Z`, `…+05:30`, fractional seconds of any length).
    /// Digits beyond milliseconds are truncated toward the past.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        var cursor = DigitCursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.expect("-"), let month = cursor.digits(2), cursor.expect("-"),
            let day = cursor.digits(2)
        else { return nil }
        guard cursor.expectAny(["T", "t", " "]), let hour = cursor.digits(2), cursor.expect(":"),
            let minute = cursor.digits(2), cursor.expect(":"), let second = cursor.digits(2)
        else { return nil }
        var millis = 0
        if cursor.peek == UInt8(ascii: ".") {
            cursor.index += 1
            var count = 0
            while let digit = cursor.digitValue() {
                if count < 3 { millis = millis * 10 + digit }
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { millis *= 10 }
        }
        var offsetSeconds = 0
        if cursor.expectAny(["Z", "z"]) {
            offsetSeconds = 0
        } else if let sign = cursor.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            cursor.index += 1
            guard let offsetHours = cursor.digits(2), cursor.expect(":"), let offsetMinutes = cursor.digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
        } else {
            return nil
        }
        guard cursor.index == bytes.count else { return nil }
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilDate.toDays(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        // Only instants that are themselves written back as RFC 3339 (four-digit years in UTC).
        guard (Self.earliest.milliseconds...Self.latest.milliseconds).contains(seconds * 1000 + Int64(millis)) else { return nil }
        self.milliseconds = seconds * 1000 + Int64(millis)
    }

    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: what `rfc3339` can write.
    public static let earliest = Timestamp(milliseconds: CivilDate.toDays(year: 1, month: 1, day: 1) * 86_400_000)
    public static let latest = Timestamp(milliseconds: CivilDate.toDays(year: 10000, month: 1, day: 1) * 86_400_000 - 1)
}

/// Reads fixed-width digit groups from ASCII text.
struct DigitCursor<Bytes: RandomAccessCollection> where Bytes.Element == UInt8, Bytes.Index == Int {
    let bytes: Bytes
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func digitValue() -> Int? {
        guard let byte = peek, byte >= 0x30, byte <= 0x39 else { return nil }
        index += 1
        return Int(byte - 0x30)
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let digit = digitValue() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func expectAny(_ characters: [Unicode.Scalar]) -> Bool {
        characters.contains { expect($0) }
    }
}

extension Int64 {
    public func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

import Foundation

extension Timestamp {
    /// The current time, to the millisecond.
    public static func now() -> Timestamp {
        Timestamp(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
