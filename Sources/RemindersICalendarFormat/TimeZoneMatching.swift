import RemindersCivilTime
import Foundation
import Synchronization

/// Finding the zone of the system's database that a TZID it does not know means.
///
/// A VTIMEZONE says what its zone does (RFC 5545 §3.6.5), whatever it is called: the database zone
/// taken for it is one whose offset is the one the definition gives at every sampled moment of the
/// years around now — noon of each day, so that a change a week apart (Europe's and the United
/// States' spring) tells zones apart. Of the zones that match, one whose city the TZID names comes
/// first (Outlook's display names list cities), then the zones Windows' names stand for, then the
/// first by name. Results are kept for the process: a file names its zones again and again.
enum TimeZoneMatching {
    static let identifiers: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers)

    /// Whether the database has a zone of this name, listed or not (`CET`, `EST5EDT` are files of
    /// the database that Foundation's list leaves out); an abbreviation it would guess at is not one.
    static func isInDatabase(_ identifier: String) -> Bool {
        if identifiers.contains(identifier) { return true }
        guard !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.contains(".."), !identifier.contains("/") else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + identifier, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Definitions already matched, to the zone found (nil: none).
    private static let matched = Mutex<[String: String?]>([:])

    /// The zone whose offsets are `definition`'s (read through `resolver`, which holds it as `tzid`).
    static func zone(for tzid: String, defined definition: Component, resolver: TimeZoneResolver) -> TimeZone? {
        let key = tzid + "\u{0}" + definition.text
        if let known = matched.withLock({ $0[key] }) { return known.flatMap(TimeZone.init(identifier:)) }
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let days = Int(CivilDate.toDays(year: year - 1, month: 1, day: 1))..<Int(CivilDate.toDays(year: year + 2, month: 1, day: 1))
        let rawTZID = definition.value("TZID") ?? tzid
        // The definition's offset at noon of each day (local time, as its rules are written).
        let wanted: [(instant: Int, offset: Int)] = days.compactMap { day in
            let local = day * 86_400 + 12 * 3_600
            return resolver.offset(for: rawTZID, atLocal: local).map { (local - $0, $0) }
        }
        var found: String?
        if !wanted.isEmpty {
            // A cheap pass first (the first of each month), then every day for what is left.
            let coarse = stride(from: 0, to: wanted.count, by: 30).map { wanted[$0] }
            let candidates = preferred(for: tzid).filter { identifier in
                guard let zone = TimeZoneCache.zone(identifier) else { return false }
                return coarse.allSatisfy { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0.instant))) == $0.offset }
            }
            found = candidates.first { identifier in
                guard let zone = TimeZoneCache.zone(identifier) else { return false }
                return wanted.allSatisfy { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0.instant))) == $0.offset }
            }
        }
        matched.withLock { $0[key] = .some(found) }
        return found.flatMap(TimeZoneCache.zone)
    }

    /// A zone a TZID without a definition names by its city (`(UTC+01:00) Amsterdam, Berlin, …`).
    static func zone(namedIn tzid: String) -> TimeZone? {
        cities(in: tzid).first.flatMap(TimeZone.init(identifier:))
    }

    /// Every zone of the database, best first for `tzid`: those whose city it names, in the
    /// order it names them; then Windows' usual zones; then the rest by name.
    private static func preferred(for tzid: String) -> [String] {
        let named = cities(in: tzid)
        let windows = TimeZoneResolver.windowsNames.values.sorted()
        var seen = Set<String>()
        return (named + windows + identifiers.sorted()).filter { seen.insert($0).inserted }
    }

    /// The zones whose city (`Europe/New_York` → "New York") is a word of `text`, in the order the text names them.
    private static func cities(in text: String) -> [String] {
        let words = text.lowercased()
        var found: [(position: String.Index, identifier: String)] = []
        for identifier in identifiers where identifier.contains("/") && !identifier.hasPrefix("Etc/") {
            let city = identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ").lowercased() } ?? ""
            guard city.count >= 3, let range = words.range(of: city) else { continue }
            let before = range.lowerBound == words.startIndex ? " " : words[words.index(before: range.lowerBound)]
            let after = range.upperBound == words.endIndex ? " " : words[range.upperBound]
            guard !before.isLetter, !after.isLetter else { continue }
            found.append((range.lowerBound, identifier))
        }
        return found.sorted { $0.position != $1.position ? $0.position < $1.position : $0.identifier < $1.identifier }.map(\.identifier)
    }
}
