import Foundation
import Glibc

/// Asks through a terminal where the owner keeps `remindersd permissions listen` running, as
/// polkit's pkttyagent does: for editors, assistants and services that have no terminal of the
/// owner's to ask on. Nobody listening: nobody could be asked.
public enum TerminalConsent {
    public static func ask(_ question: ConsentQuestion, timeout: TimeInterval) -> DesktopConsent.Answer {
        let path = ConsentRendezvous.socketPath
        let nobody = DesktopConsent.Answer.unavailable("nobody listens: run `remindersd permissions listen` in a terminal of yours")
        guard ConsentRendezvous.privateFolder(making: false) != nil, var address = ConsentRendezvous.address(path) else { return nobody }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return .unavailable("cannot make a socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nobody }
        guard ConsentRendezvous.peerUser(socket) == getuid() else { return .unavailable("\(path) is held by another user") }
        guard ConsentRendezvous.send(question.line + "\n", to: socket) else { return nobody }
        switch ConsentRendezvous.readLine(socket, limit: 64, deadline: Date().addingTimeInterval(timeout)) {
        case "allow": return .allowed
        default: return .denied
        }
    }
}

/// `remindersd permissions listen`: asks, on this terminal, each question a client's request
/// brings, until interrupted. The answer is a word shown in the prompt (`allow`), typed after
/// what was typed ahead is thrown away: keys pressed blind, or pushed in before the question,
/// grant nothing.
public struct TerminalConsentListener {
    public enum Failure: Error, CustomStringConvertible {
        case noTerminal
        case folder(String)
        case alreadyListening
        case socket(String)

        public var description: String {
            switch self {
            case .noTerminal: "permissions listen asks on a terminal: run it in one"
            case .folder(let path): "\(path) is not a folder of yours alone; remove it, or make it one (chmod 700)"
            case .alreadyListening: "another `remindersd permissions listen` is asking already"
            case .socket(let why): "cannot listen for questions: \(why)"
            }
        }
    }

    let terminal: Int32
    let socket: Int32
    let path: String

    /// Opens the terminal and the socket (a stale one, its listener gone, is replaced).
    public init() throws(Failure) {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw .noTerminal }
        guard ConsentRendezvous.privateFolder(making: true) != nil else {
            close(terminal)
            throw .folder(ConsentRendezvous.folder)
        }
        let path = ConsentRendezvous.socketPath
        if TerminalConsent.isListening(path) {
            close(terminal)
            throw .alreadyListening
        }
        unlink(path)
        guard var address = ConsentRendezvous.address(path) else {
            close(terminal)
            throw .socket("the path \(path) is too long")
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound =
            socket >= 0
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            } == 0
        guard bound, chmod(path, 0o600) == 0, listen(socket, 8) == 0 else {
            let why = String(cString: strerror(errno))
            if socket >= 0 { close(socket) }
            close(terminal)
            throw .socket(why)
        }
        (self.terminal, self.socket, self.path) = (terminal, socket, path)
    }

    /// Asks until the terminal goes away (or the process is interrupted).
    public func run() {
        defer {
            unlink(path)
            close(socket)
            close(terminal)
        }
        say("remindersd: requests for access are asked here (Ctrl-C stops)\n")
        while true {
            var pollers = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: terminal, events: 0, revents: 0)]
            let ready = poll(&pollers, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if pollers[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
            guard pollers[0].revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            answer(connection)
            close(connection)
        }
    }

    private func answer(_ connection: Int32) {
        guard ConsentRendezvous.peerUser(connection) == getuid(),
            let line = ConsentRendezvous.readLine(connection, deadline: Date().addingTimeInterval(5)),
            let question = ConsentQuestion(line: line)
        else { return }
        // What was typed before the question is shown is no answer to it.
        tcflush(terminal, TCIFLUSH)
        let word = ConsentQuestion.answerWord()
        say("\n" + question.lines.joined(separator: "\n") + "\n" + ConsentQuestion.askingFor(word))
        let allowed: Bool
        switch readAnswer(while: connection) {
        case .typed(let typed):
            allowed = typed == word
            say(allowed ? "allowed\n" : "denied\n")
        case .withdrawn:
            say("\n(no answer in time: denied)\n")
            return
        }
        ConsentRendezvous.send(allowed ? "allow\n" : "deny\n", to: connection)
    }

    private enum Typed { case typed(String), withdrawn }

    /// A line typed on the terminal, or the asker gone (its time ran out).
    private func readAnswer(while connection: Int32) -> Typed {
        var typed: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            var pollers = [pollfd(fd: terminal, events: Int16(POLLIN), revents: 0), pollfd(fd: connection, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if pollers[1].revents != 0 { return .withdrawn }  // the asker sends nothing more: it closed
            guard pollers[0].revents & Int16(POLLIN) != 0 else { return .withdrawn }
            guard read(terminal, &byte, 1) == 1 else { return .withdrawn }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                return .typed(String(decoding: typed, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased())
            }
            if typed.count < 64 { typed.append(byte) }
        }
    }

    private func say(_ text: String) { TerminalText.write(text, to: terminal) }
}

extension TerminalConsent {
    /// Whether a listener answers at `path` now.
    static func isListening(_ path: String) -> Bool {
        guard var address = ConsentRendezvous.address(path) else { return false }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }
}
