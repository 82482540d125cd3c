import RemindersCivilTime
import Foundation

/// EventKit's rules for a calendar item about to be saved: what holds for reminders and events
/// alike (the limits a server sets on texts, a URL that is a URL and runs no script, a known time
/// zone, alarms told apart, rules that can be expanded). Each kind adds its own: `validate(_:)`
/// for a reminder (CalendarItemRules.swift) and for an event (EventRules.swift).
public struct CalendarItemRules: Sendable {
    public var maxTitleBytes: Int
    public var maxNotesBytes: Int

    public init(maxTitleBytes: Int = 64 << 10, maxNotesBytes: Int = 1 << 20) {
        self.maxTitleBytes = maxTitleBytes
        self.maxNotesBytes = maxNotesBytes
    }

    static let maxShortFieldBytes = 64 << 10

    /// The checks every kind makes; errors name the field relative to the item.
    func validateCommon(_ item: some CalendarItem) throws(ValidationError) {
        try checkLength(item.title, "title", maxTitleBytes)
        try checkLength(item.notes, "notes", maxNotesBytes)
        try checkLength(item.location, "location", Self.maxShortFieldBytes)
        try checkLength(item.url, "url", Self.maxShortFieldBytes)
        if let url = item.url, let problem = Self.urlProblem(url) {
            throw ValidationError(field: "url", problem)
        }
        if let zone = item.timeZone, TimeZoneCache.zone(zone) == nil {
            throw ValidationError(field: "timeZone", "unknown time zone \"\(zone)\"; use an IANA name such as Europe/Berlin")
        }
        var seen = Set<String>()
        for (index, alarm) in item.alarms.enumerated() where !seen.insert(alarm.alarmIdentifier).inserted {
            throw ValidationError(field: "alarms[\(index)].alarmIdentifier", "two alarms share the identifier \(alarm.alarmIdentifier)")
        }
        for (index, rule) in item.recurrenceRules.enumerated() {
            // What a calendar object may hold (a client's own rule was held to EventKit's as it came in).
            try within("recurrenceRules[\(index)]") { () throws(ValidationError) in try rule.validate(.rfc5545) }
        }
    }

    private func checkLength(_ value: String?, _ field: String, _ limit: Int) throws(ValidationError) {
        if let value, value.utf8.count > limit {
            throw ValidationError(field: field, "\(field) is \(value.utf8.count) bytes, more than the limit of \(limit)")
        }
    }

    /// Schemes whose URLs run code where they are opened: an editor or a notification that shows
    /// the link would be handing the reminder's author a way to run script.
    static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data"]
    /// Schemes whose URLs mean nothing without a host (RFC 3986 §3.2, and each scheme's RFC).
    static let schemesNeedingHost: Set<String> = ["http", "https", "ftp", "ftps", "ws", "wss"]

    /// Why `text` is not a URL a calendar item may carry, or nil: an absolute URL (RFC 3986: a scheme
    /// of a letter, then letters, digits and `+-.`; a colon; something after it), without blanks or
    /// controls, with a host where its scheme needs one, and not of a scheme that runs script.
    public static func urlProblem(_ text: String) -> String? {
        let example = "url must be an absolute URL such as https://example.com or file:///path"
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return example }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return example }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else {
            return "url must not contain blanks or control characters"
        }
        let name = scheme.lowercased()
        if refusedSchemes.contains(name) { return "url must not be a \(name): URL (it runs code where it is opened)" }
        if schemesNeedingHost.contains(name) {
            let rest = text[text.index(after: colon)...]
            guard rest.hasPrefix("//") else { return "a \(name) URL needs // and a host, such as \(name)://example.com" }
            let authority = rest.dropFirst(2).prefix { !"/?#".contains($0) }
            let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
            let host = hostAndPort.hasPrefix("[") ? hostAndPort : hostAndPort.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
            guard !host.isEmpty else { return "a \(name) URL needs a host, such as \(name)://example.com" }
        }
        return nil
    }
}
