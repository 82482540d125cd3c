import RemindersCivilTime
import Foundation

/// The time zone this process runs in, read the way the C library reads it: `TZ` first
/// (`Area/City`, `:Area/City`, a TZif file path, or a POSIX rule such as
/// `CET-1CEST,M3.5.0,M10.5.0/3` or `UTC0`; empty means UTC), else `/etc/localtime`.
///
/// Foundation on Linux understands only a bare IANA name in `TZ` and silently falls back to UTC
/// for everything else, so a server started with `TZ=:Europe/Berlin` would read every floating
/// date an hour off. A POSIX rule names no zone, so it is matched to the tzdata zone whose own
/// rule (the footer of its TZif file) is the same text.
public enum SystemTimeZone {
    public struct Resolution: Sendable {
        public var zone: TimeZone
        /// The name sessions report (`initialize` answers with it).
        public var name: String
        /// Set when the zone could not be read as given: what was used instead, for one log line.
        public var warning: String?
        /// Set when `TZ` was a POSIX rule: which zone follows it.
        public var note: String?

        public init(zone: TimeZone, name: String, warning: String? = nil, note: String? = nil) {
            self.zone = zone; self.name = name; self.warning = warning; self.note = note
        }
    }

    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        localtime: String = "/etc/localtime",
        zoneinfo: String = "/usr/share/zoneinfo"
    ) -> Resolution {
        guard let raw = environment["TZ"] else { return fromLocaltime(localtime, zoneinfo: zoneinfo) }
        if raw.isEmpty { return Resolution(zone: .utc, name: "UTC") }  // glibc: an empty TZ is UTC
        let value = raw.hasPrefix(":") ? String(raw.dropFirst()) : raw
        if value.hasPrefix("/") {
            if let name = zoneName(ofFile: value, zoneinfo: zoneinfo), let zone = TimeZoneCache.zone(name) {
                return Resolution(zone: zone, name: name)
            }
            return utc(because: "TZ=\(raw) is not a time zone file this system can read")
        }
        if !value.isEmpty, FileManager.default.fileExists(atPath: zoneinfo + "/" + value), let zone = TimeZoneCache.zone(value) {
            return Resolution(zone: zone, name: value)
        }
        if let rule = POSIXTimeZoneRule(value) {
            if let name = zoneFollowing(rule, zoneinfo: zoneinfo), let zone = TimeZoneCache.zone(name) {
                return Resolution(zone: zone, name: name, note: "TZ=\(raw) is a POSIX rule; using \(name), which follows it")
            }
            let fixed = TimeZone(secondsFromGMT: rule.standardOffsetSeconds) ?? .utc
            let warning =
                rule.hasDaylightSaving
                ? "TZ=\(raw): no tzdata zone follows this rule; using its standard time \(fixed.identifier) all year (no daylight saving)"
                : nil
            return Resolution(zone: fixed, name: fixed.identifier, warning: warning)
        }
        return utc(because: "TZ=\(raw) is not a time zone this system knows")
    }

    private static func utc(because reason: String) -> Resolution {
        Resolution(zone: .utc, name: "UTC", warning: "\(reason); using UTC")
    }

    private static func fromLocaltime(_ localtime: String, zoneinfo: String) -> Resolution {
        if let name = zoneName(ofFile: localtime, zoneinfo: zoneinfo), let zone = TimeZoneCache.zone(name) {
            return Resolution(zone: zone, name: name)
        }
        // Debian also names the zone in /etc/timezone.
        if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8) {
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let zone = TimeZoneCache.zone(name) { return Resolution(zone: zone, name: name) }
        }
        if !FileManager.default.fileExists(atPath: localtime) { return Resolution(zone: .utc, name: "UTC") }  // glibc: no file, UTC
        return utc(because: "\(localtime) names no time zone this system knows")
    }

    /// `…/zoneinfo/Europe/Berlin` (or a link to it) → `Europe/Berlin`.
    static func zoneName(ofFile path: String, zoneinfo: String) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for root in [zoneinfo, URL(fileURLWithPath: zoneinfo).resolvingSymlinksInPath().path] {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard resolved.hasPrefix(prefix) else { continue }
            var name = String(resolved.dropFirst(prefix.count))
            for variant in ["posix/", "right/"] where name.hasPrefix(variant) { name = String(name.dropFirst(variant.count)) }
            return name
        }
        return nil
    }

    /// The tzdata zone whose current rule is `rule`: the one named like its standard time when
    /// there is such a zone (`CET`, `UTC`), else the first of zone1970.tab.
    static func zoneFollowing(_ rule: POSIXTimeZoneRule, zoneinfo: String) -> String? {
        var candidates = [rule.standardName]
        if let table = try? String(contentsOfFile: zoneinfo + "/zone1970.tab", encoding: .utf8) {
            for line in table.split(separator: "\n") where !line.hasPrefix("#") {
                let columns = line.split(separator: "\t")
                if columns.count >= 3 { candidates.append(String(columns[2])) }
            }
        }
        return candidates.first { footer(ofFile: zoneinfo + "/" + $0) == rule.text }
    }

    /// The POSIX rule at the end of a TZif (version 2 or later) file.
    static func footer(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let magic = try? handle.read(upToCount: 4), magic == Data("TZif".utf8),
            let size = try? handle.seekToEnd(), size > 4
        else { return nil }
        let tail = min(size, 256)
        try? handle.seek(toOffset: size - tail)
        guard let data = try? handle.read(upToCount: Int(tail)), data.last == 0x0A else { return nil }
        let lines = data.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let last = lines.last else { return nil }
        return String(decoding: last, as: UTF8.self)
    }
}

/// A POSIX `TZ` rule (`std offset [dst [offset] [,start[/time],end[/time]]]`), as far as
/// remindersd needs it: whether it is one, its standard time, and whether it has daylight saving.
public struct POSIXTimeZoneRule: Equatable, Sendable {
    public let text: String
    public let standardName: String
    /// Seconds east of UTC (POSIX writes them west: `CET-1` is UTC+1).
    public let standardOffsetSeconds: Int
    public let hasDaylightSaving: Bool

    public init?(_ text: String) {
        var scanner = Substring(text)
        guard let name = Self.name(&scanner), let west = Self.offset(&scanner) else { return nil }
        let daylight = Self.name(&scanner)
        if daylight != nil, !scanner.isEmpty, !scanner.hasPrefix(",") { guard Self.offset(&scanner) != nil else { return nil } }
        if daylight != nil, scanner.hasPrefix(",") {
            // The transition rules: Mm.w.d, Jn or n, each with an optional /time; checked loosely.
            let allowed = Set("0123456789.,/:+-MJ")
            guard scanner.dropFirst().allSatisfy(allowed.contains) else { return nil }
            scanner = ""
        }
        guard scanner.isEmpty else { return nil }
        self.text = text
        standardName = name
        standardOffsetSeconds = -west
        hasDaylightSaving = daylight != nil
    }

    /// `CET`, or `<+0330>` for names that are not letters.
    private static func name(_ scanner: inout Substring) -> String? {
        if scanner.hasPrefix("<") {
            guard let end = scanner.firstIndex(of: ">") else { return nil }
            let name = String(scanner[scanner.index(after: scanner.startIndex)..<end])
            scanner = scanner[scanner.index(after: end)...]
            return name.count >= 3 ? name : nil
        }
        let letters = scanner.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return nil }
        scanner = scanner.dropFirst(letters.count)
        return String(letters)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds west of UTC.
    private static func offset(_ scanner: inout Substring) -> Int? {
        var sign = 1
        if scanner.hasPrefix("+") || scanner.hasPrefix("-") {
            sign = scanner.first == "-" ? -1 : 1
            scanner = scanner.dropFirst()
        }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = scanner.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let value = Int(digits) else { break }
            parts.append(value)
            scanner = scanner.dropFirst(digits.count)
            guard scanner.hasPrefix(":") else { break }
            scanner = scanner.dropFirst()
        }
        guard let hours = parts.first, hours <= 24 else { return nil }
        return sign * (hours * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0))
    }
}
