import Glibc

/// Text written to a terminal whole: a short write or an interrupted one goes on; a terminal gone
/// ends it. For a question and its answer, never for protocol frames.
public enum TerminalText {
    public static func write(_ text: String, to terminal: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
