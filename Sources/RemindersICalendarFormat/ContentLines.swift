/// Physical lines ↔ content lines (RFC 5545 §3.1).
///
/// Reading is tolerant of what real servers and files send: LF and lone CR (old Mac files) as well
/// as CRLF line ends — so no value ever holds a CR that writing would pass on — folds
/// continued with a space or a tab, blank lines, a leading byte order mark. Writing is strict:
/// CRLF, and lines folded before 75 octets, never inside a UTF-8 sequence.
public enum ContentLines {
    /// The unfolded content lines of `text`, each with the number of the physical line it starts on.
    public static func unfold(_ text: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        var current: [UInt8] = []
        var currentLine = 0
        var lineNumber = 0
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var index = 0
        func flush() {
            if !current.isEmpty { result.append((currentLine, String(decoding: current, as: UTF8.self))) }
            current.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            // One physical line: up to LF, CRLF or a lone CR.
            var end = index
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let physical = bytes[index..<end]
            if end + 1 < bytes.count, bytes[end] == 0x0D, bytes[end + 1] == 0x0A { end += 1 }
            lineNumber += 1
            if let first = physical.first, first == 0x20 || first == 0x09 {
                if current.isEmpty {
                    // A continuation with nothing to continue: kept as a line of its own, without the
                    // blanks it starts with (written back with them, it would continue the line before).
                    currentLine = lineNumber
                    current.append(contentsOf: physical.drop { $0 == 0x20 || $0 == 0x09 })
                } else {
                    current.append(contentsOf: physical.dropFirst())
                }
            } else {
                flush()
                currentLine = lineNumber
                current.append(contentsOf: physical)
            }
            index = end + 1
        }
        flush()
        return result
    }

    /// `line` folded for writing: CRLF-terminated physical lines of at most 75 octets.
    public static func fold(_ line: String, into output: inout String) {
        if line.utf8.count <= 75 {
            output += line
            output += "\r\n"
            return
        }
        let utf8 = Array(line.utf8)
        var start = 0
        var limit = 75
        var pieces: [ArraySlice<UInt8>] = []
        while utf8.count - start > limit {
            var end = start + limit
            // Never split a UTF-8 sequence: back up to the first byte of the character.
            while end > start, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(utf8[start..<end])
            start = end
            limit = 74  // continuation lines begin with the folding space
        }
        pieces.append(utf8[start...])
        for (index, piece) in pieces.enumerated() {
            if index > 0 { output += " " }
            output += String(decoding: piece, as: UTF8.self)
            output += "\r\n"
        }
    }
}
