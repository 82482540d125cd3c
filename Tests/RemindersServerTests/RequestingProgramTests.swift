import Foundation
import XCTest
@testable import RemindersServer

/// Who is asking, read from a /proc written for the test: shells are looked through, an
/// interpreter's script is the program, and what cannot be read is "(unknown)".
final class RequestingProgramTests: XCTestCase {
    var proc: String!

    override func setUpWithError() throws {
        proc = NSTemporaryDirectory() + "proc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: proc, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: proc) }

    /// One process: its executable, parent, arguments and working folder.
    private func process(_ pid: Int32, exe: String, name: String, parent: Int32, arguments: [String] = [], cwd: String = "/") throws {
        let folder = "\(proc!)/\(pid)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/exe", withDestinationPath: exe)
        try FileManager.default.createSymbolicLink(atPath: folder + "/cwd", withDestinationPath: cwd)
        try "\(pid) (\(name)) S \(parent) \(pid) \(pid) 0 -1 4194560".write(toFile: folder + "/stat", atomically: true, encoding: .utf8)
        try Data((arguments.joined(separator: "\0") + "\0").utf8).write(to: URL(fileURLWithPath: folder + "/cmdline"))
    }

    func testAProgramIsItsExecutable() throws {
        try process(40, exe: "/usr/bin/nvim", name: "nvim", parent: 1)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 40, in: proc), "/usr/bin/nvim")
    }

    func testShellsAreLookedThroughToWhatStartedThem() throws {
        try process(40, exe: "/usr/bin/emacs-nox", name: "emacs", parent: 1)
        try process(41, exe: "/usr/bin/bash", name: "bash", parent: 40, arguments: ["bash", "-c", "remindersd serve; true"])
        try process(42, exe: "/usr/bin/dash", name: "sh (odd) name", parent: 41, arguments: ["sh", "-c", "remindersd serve"])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 42, in: proc), "/usr/bin/emacs-nox")
    }

    func testAShellRunningAScriptRunsThatProgram() throws {
        let scripts = proc + "/bin"
        try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: scripts + "/reminders", atomically: true, encoding: .utf8)
        try process(40, exe: "/usr/bin/emacs-nox", name: "emacs", parent: 1)
        try process(41, exe: "/usr/bin/bash", name: "bash", parent: 40, arguments: ["bash", scripts + "/reminders", "lists"])
        let real = try XCTUnwrap(realpath(scripts + "/reminders", nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) })
        XCTAssertEqual(RequestingProgram.identify(startingAt: 41, in: proc), real)
    }

    func testAShellStartedByInitIsTheShell() throws {
        try process(42, exe: "/usr/bin/dash", name: "sh", parent: 1)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 42, in: proc), "/usr/bin/dash")
    }

    func testAnInterpretersScriptIsTheProgram() throws {
        let scripts = proc + "/home"
        try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
        try "print('hi')\n".write(toFile: scripts + "/todo.py", atomically: true, encoding: .utf8)
        try process(50, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", "todo.py", "--flag"], cwd: scripts)
        try process(51, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", "-m", "pytest"], cwd: scripts)
        try process(52, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", "missing.py"], cwd: scripts)
        let real = try XCTUnwrap(realpath(scripts + "/todo.py", nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) })
        XCTAssertEqual(RequestingProgram.identify(startingAt: 50, in: proc), real)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 51, in: proc), "/usr/bin/python3.11", "python -m: the interpreter")
        XCTAssertEqual(RequestingProgram.identify(startingAt: 52, in: proc), "/usr/bin/python3.11", "no such script: the interpreter")
        XCTAssertTrue(RequestingProgram.isInterpreter("python3.11"))
        XCTAssertFalse(RequestingProgram.isInterpreter("pythonista"))
    }

    func testWhatCannotBeReadIsUnknown() {
        XCTAssertEqual(RequestingProgram.identify(startingAt: 999, in: proc), RequestingProgram.unknown)
    }

    func testAReplacedExecutableIsStillThatProgram() throws {
        try process(60, exe: "/opt/app/bin/app (deleted)", name: "app", parent: 1)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 60, in: proc), "/opt/app/bin/app")
    }

    func testThisProcessIsKnown() {
        XCTAssertNotEqual(RequestingProgram.ofParent(), RequestingProgram.unknown)
    }
}
