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

    /// One process: its executable, parent, arguments, working folder and open files.
    private func process(
        _ pid: Int32, exe: String, name: String, parent: Int32, arguments: [String] = [], cwd: String = "/",
        descriptors: [Int: String] = [:]
    ) throws {
        let folder = "\(proc!)/\(pid)"
        try FileManager.default.createDirectory(atPath: folder + "/fd", withIntermediateDirectories: true)
        for (descriptor, target) in descriptors {
            try FileManager.default.createSymbolicLink(atPath: folder + "/fd/\(descriptor)", withDestinationPath: target)
        }
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

    private func script(_ name: String, _ text: String) throws -> String {
        let scripts = proc + "/bin"
        try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
        try text.write(toFile: scripts + "/" + name, atomically: true, encoding: .utf8)
        return try XCTUnwrap(
            realpath(scripts + "/" + name, nil).map { pointer in
                defer { free(pointer) }; return String(cString: pointer)
            })
    }

    func testAShellRunningAScriptRunsThatProgram() throws {
        let reminders = try script("reminders", "#!/bin/sh\n")
        try process(40, exe: "/usr/bin/emacs-nox", name: "emacs", parent: 1)
        try process(41, exe: "/usr/bin/bash", name: "bash", parent: 40, arguments: ["bash", reminders, "lists"], descriptors: [255: reminders])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 41, in: proc), ProgramIdentity(program: reminders, evidence: .openScript))
        // Without the script open, the command line is only a claim.
        try process(42, exe: "/usr/bin/dash", name: "sh", parent: 40, arguments: ["sh", reminders])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 42, in: proc), ProgramIdentity(program: reminders, evidence: .claimedScript))
    }

    /// Issue 35, 2 and issue 49, 15: a shell whose command line names one file and has another
    /// open (a rewritten argv, a relative path resolved after a chdir) is neither script: the
    /// shell, looked through to what started it (here nothing, so the shell itself).
    func testAShellsScriptIsTheFileItHasOpenOnlyWhenItsArgumentsNameIt() throws {
        let granted = try script("granted", "#!/bin/bash\n")
        let other = try script("other", "#!/bin/bash\n")
        try process(41, exe: "/usr/bin/bash", name: "bash", parent: 1, arguments: ["bash", granted], descriptors: [255: other])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 41, in: proc), "/usr/bin/bash", "argv rewritten to name the granted script")
        try process(
            42, exe: "/usr/bin/dash", name: "sh", parent: 1, arguments: ["sh", "granted"], cwd: proc + "/bin",
            descriptors: [10: "/dev/null", 11: other])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 42, in: proc), "/usr/bin/dash", "dash's script on fd 11, not the relative name")
        try process(44, exe: "/usr/bin/bash", name: "bash", parent: 1, arguments: ["bash", other], descriptors: [255: other])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 44, in: proc), other, "named and open: that script")
        // python3 /dev/fd/7: the file on the interpreter's descriptor 7, not on remindersd's.
        let python = try script("other.py", "print(1)\n")
        try process(43, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", "/dev/fd/7"], descriptors: [7: python])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 43, in: proc), ProgramIdentity(program: python, evidence: .openScript))
    }

    /// Issue 35, 5: a script with an option in its #! line (`#!/bin/bash -e`, `#!/usr/bin/python3 -u`).
    func testOptionsBeforeTheScriptArePassedOver() throws {
        let bashScript = try script("strict", "#!/bin/bash -e\n")
        let pythonScript = try script("unbuffered.py", "#!/usr/bin/python3 -u\n")
        try process(41, exe: "/usr/bin/bash", name: "bash", parent: 1, arguments: ["/bin/bash", "-e", bashScript], descriptors: [255: bashScript])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 41, in: proc), bashScript)
        try process(42, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["/usr/bin/python3", "-u", "-W", "ignore", pythonScript])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 42, in: proc), ProgramIdentity(program: pythonScript, evidence: .claimedScript))
        try process(43, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", "-Bc", "import x", pythonScript])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 43, in: proc).evidence, .interpreter, "-c: no script")
    }

    /// Issue 35, 2: interpreters by their executable where the system installs them, never by name.
    func testAProgramNamedLikeAnInterpreterIsItself() throws {
        let granted = try script("granted.py", "print(1)\n")
        try process(41, exe: proc + "/bin/python3", name: "python3", parent: 1, arguments: ["python3", granted])
        XCTAssertEqual(
            RequestingProgram.identity(startingAt: 41, in: proc), ProgramIdentity(program: proc + "/bin/python3", evidence: .interpreter),
            "a program copied to a file named python3 is not looked into")
        // A python process naming a bash script does not run it.
        let bashScript = try script("granted.sh", "#!/usr/bin/env bash\n")
        try process(42, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", bashScript])
        XCTAssertEqual(RequestingProgram.identity(startingAt: 42, in: proc).evidence, .interpreter)
    }

    /// Issue 35, 4: wrappers that only run their command are looked through, as shells are.
    func testWrappersAreLookedThrough() throws {
        try process(40, exe: "/usr/bin/nvim", name: "nvim", parent: 1)
        try process(41, exe: "/usr/bin/timeout", name: "timeout", parent: 40, arguments: ["timeout", "30", "remindersd", "call"])
        try process(42, exe: "/usr/bin/nice", name: "nice", parent: 41, arguments: ["nice", "remindersd"])
        XCTAssertEqual(RequestingProgram.identify(startingAt: 42, in: proc), "/usr/bin/nvim")
        try process(43, exe: proc + "/bin/timeout", name: "timeout", parent: 40)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 43, in: proc), proc + "/bin/timeout", "a copy elsewhere is a program")
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
        let real = try XCTUnwrap(
            realpath(scripts + "/todo.py", nil).map { pointer in
                defer { free(pointer) }; return String(cString: pointer)
            })
        try process(53, exe: "/usr/bin/python3.11", name: "python3", parent: 1, arguments: ["python3", real, "--flag"], cwd: "/")
        XCTAssertEqual(RequestingProgram.identity(startingAt: 53, in: proc), ProgramIdentity(program: real, evidence: .claimedScript))
        // Issue 35, 2: a relative path is resolved in the folder the interpreter is in now, which
        // it may have changed to the granted script's: not told apart.
        XCTAssertEqual(RequestingProgram.identity(startingAt: 50, in: proc), ProgramIdentity(program: "/usr/bin/python3.11", evidence: .interpreter))
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

    /// Issue 35, 2: a live file literally named "granted-bin (deleted)" is that file, not granted-bin.
    func testAFileNamedLikeADeletedOneIsItself() throws {
        let literal = try script("granted-bin (deleted)", "binary")
        try process(61, exe: literal, name: "granted-bin (d", parent: 1)
        XCTAssertEqual(RequestingProgram.identify(startingAt: 61, in: proc), literal)
    }

    func testThisProcessIsKnown() {
        XCTAssertNotEqual(RequestingProgram.ofParent().program, RequestingProgram.unknown)
    }
}
