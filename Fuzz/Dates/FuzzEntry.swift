// libFuzzer entry point for dates as people say them (Sources/RemindersDatePhrases): `DatePhrase`
// and `RepeatPhrase`, as `interpretDate` and every MCP tool with a date run them on what a client
// sends — a client with no grant at all may send any text.
//
// Built by `scripts/fuzz --target dates` together with Sources/RemindersDatePhrases/*.swift into
// one module (the model and civil time built first as modules of their own). Besides crashes,
// stack overflows and sanitizer reports it traps when a phrase is read into something a reminder
// cannot hold: a date outside the years 1…9999, components the model refuses, a rule that does
// not validate.
import Foundation
import RemindersModel

private let moment = Timestamp(milliseconds: 1_796_000_000_000)
private let zones = ["Europe/Berlin", "America/St_Johns", "Pacific/Kiritimati", "UTC"].compactMap(TimeZone.init(identifier:))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for zone in zones {
        guard let reading = try? DatePhrase(now: moment, zone: zone).read(text) else { continue }
        let components = reading.components
        guard DatePhrase.years.contains(components.year) else { fatalError("\(text) read as the year \(components.year)") }
        do { try components.validate() } catch { fatalError("\(text) read as components the model refuses: \(error)") }
    }
    if let repetition = try? RepeatPhrase.reading(text) {
        do { try repetition.rule.validate(.rfc5545) } catch { fatalError("\(text) read as a rule that does not validate: \(error)") }
    }
    return 0
}
