// libFuzzer entry point for the iCalendar codec (Sources/RemindersICalendarFormat): content lines, folding,
// parameters, components and the value parsers, as sync and import run them on what a server or
// a file holds.
//
// Built by `scripts/fuzz --target icalendar` together with Sources/RemindersICalendarFormat/*.swift into one
// module, so internal API is reachable. Besides crashes and sanitizer reports it traps when:
// - written text is not strict (a line over 75 octets, a bare CR or LF, a fold inside a UTF-8 sequence);
// - parse → write → parse → write is not stable (the second text differs from the first);
// - a value parser gives back what its writer does not read again (durations, UTC offsets, TEXT).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let components = try? Component.parse(text) else { return 0 }
    let written = components.map(\.text).joined()
    checkStrict(written)
    guard let again = try? Component.parse(written) else { fatalError("what the codec wrote does not parse:\n\(written)") }
    let rewritten = again.map(\.text).joined()
    guard rewritten == written else { fatalError("parse → write is not stable:\n\(written)\n---\n\(rewritten)") }
    let zones = components.flatMap { $0.components.filter { $0.name == "VTIMEZONE" } }
    let resolver = TimeZoneResolver(timeZones: zones)
    for component in components { exercise(component, resolver) }
    return 0
}

/// CRLF after every line, none longer than 75 octets, continuation lines start with one space.
func checkStrict(_ written: String) {
    let bytes = Array(written.utf8)
    var lineStart = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0D {
            guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { fatalError("a CR without LF in written text") }
            guard index - lineStart <= 75 else { fatalError("a written line of \(index - lineStart) octets") }
            // A fold never splits a UTF-8 sequence: the next line does not start with a continuation byte.
            if index + 2 < bytes.count, bytes[index + 2] == 0x20, index + 3 < bytes.count, bytes[index + 3] & 0xC0 == 0x80 {
                fatalError("a fold inside a UTF-8 sequence")
            }
            index += 2
            lineStart = index
            continue
        }
        guard bytes[index] != 0x0A else { fatalError("a bare LF in written text") }
        index += 1
    }
    guard lineStart == bytes.count else { fatalError("written text does not end with CRLF") }
}

func exercise(_ component: Component, _ resolver: TimeZoneResolver) {
    for property in component.properties {
        if let value = try? DateTimeValue(property) {
            _ = value.text
            if case .named(let tzid) = value.zone { _ = resolver.timeZone(for: tzid) }
        }
        if let seconds = DurationValue.seconds(property.value) {
            guard DurationValue.seconds(DurationValue.text(seconds)) == seconds else { fatalError("duration \(property.value) does not round-trip") }
        }
        if let seconds = UTCOffsetValue.seconds(property.value) {
            guard UTCOffsetValue.seconds(UTCOffsetValue.text(seconds)) == seconds else { fatalError("offset \(property.value) does not round-trip") }
        }
        let unescaped = TextValue.unescape(property.value)
        guard TextValue.unescape(TextValue.escape(unescaped)) == unescaped else { fatalError("TEXT \(property.value) does not round-trip") }
        _ = TextValue.list(property.value)
        for parameter in property.parameters { _ = parameter.values }
    }
    for child in component.components { exercise(child, resolver) }
}
