import Foundation
import RemindersJSONRPC
import Synchronization

/// A piece of an answer from remindersd, not read yet: the bytes of the whole answer (shared by
/// every piece taken from it, and kept while one is), where in them the piece is, and — when the
/// answer was taken apart that far (`JSONSkimmer.outline`) — where its members or elements are. A
/// fetch's answer becomes one piece per item, each read by its object when first looked at
/// (`EKCalendarItem`), so that a fetch costs about what its bytes cost to receive.
struct WireSlice: Sendable {
    final class Answer: Sendable {
        let bytes: [UInt8]
        /// The member names its pieces' parses met: a reminder's twenty-odd names are Strings
        /// once per answer, not once per reminder.
        private let names = Mutex(JSONNames())

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The piece at `range` read as a value; nil when it is not valid JSON.
        func value(_ range: Range<Int>) -> JSONValue? {
            names.withLock { names in
                bytes.withUnsafeBufferPointer { bytes in try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[range]), sharing: names) }
            }
        }
    }

    let answer: Answer
    let outline: JSONOutline
    var range: Range<Int> { outline.range }

    init(_ answer: Answer, _ outline: JSONOutline) {
        self.answer = answer
        self.outline = outline
    }

    /// A whole message, taken apart `levels` deep (an answer's envelope, its result, the arrays
    /// in that: 3); nil when it is not JSON.
    init?(message bytes: [UInt8], levels: Int) {
        guard let outline = bytes.withUnsafeBufferPointer({ try? JSONSkimmer.outline(of: 0..<$0.count, in: $0, levels: levels) }) else { return nil }
        self.init(Answer(bytes), outline)
    }

    static let null = WireSlice(message: Array("null".utf8), levels: 0)!

    /// The piece read as a value; null when it is not valid JSON (the skimmer took its structure,
    /// not what its strings and numbers hold).
    var value: JSONValue { answer.value(range) ?? .null }

    /// The members of the object it is, each a piece of its own; none when it is not an object.
    var members: [(key: String, value: WireSlice)] {
        (taken(apart: \.members)?.members ?? []).map { ($0.key, WireSlice(answer, $0.value)) }
    }

    /// The elements of the array it is, each a piece of its own; none when it is not an array.
    var elements: [WireSlice] {
        (taken(apart: \.elements)?.elements ?? []).map { WireSlice(answer, $0) }
    }

    /// The member named `key`.
    subscript(key: String) -> WireSlice? { members.first { $0.key == key }?.value }

    /// Its outline one level apart: as the answer was taken apart, or skimmed now.
    private func taken<Part>(apart part: KeyPath<JSONOutline, Part?>) -> JSONOutline? {
        if outline[keyPath: part] != nil { return outline }
        return answer.bytes.withUnsafeBufferPointer { try? JSONSkimmer.outline(of: range, in: $0, levels: 1) }
    }
}
