import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Who is asking, tried as a hostile program of the same account would (issue 35, 1–5): each
/// trick that took another program's grant, or granted itself access, performed for real against
/// the binary — and refused. protocol.md, "Threat model", says what is attested and what claimed.
final class WhoIsAskingTests: XCTestCase {
    let folder = TemporaryFolder()
    let bin = RemindersdProcess.binaryPath

    override func setUp() { signal(SIGPIPE, SIG_IGN) }

    /// A file of the test folder, executable.
    private func executable(_ name: String, _ text: String) -> String {
        let path = folder.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
        return path
    }

    private func permissions(_ arguments: [String]) -> Programs.Output {
        Programs.remindersd(["permissions"] + arguments + ["--store", folder.store])
    }

    /// The status a command line reports (its stdout holds `remindersd call authorizationStatus`'s answer).
    private func status(of output: Programs.Output) -> String? {
        let line = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONParser.parse(line))?["status"]?.stringValue
    }

    /// `remindersd call authorizationStatus` as a shell command line.
    private var statusCall: String {
        "'\(bin)' call authorizationStatus '{}' --client editor --store '\(folder.store)' --no-consent-prompt"
    }

    // MARK: 1. Consent comes only from the owner

    func testAClientCannotNameItsOwnConsentAgent() throws {
        let request = #"{"usageDescription":"Let me in"}"#
        // By the environment, as a client may set it for the server it starts.
        var environment = ProcessInfo.processInfo.environment
        environment["REMINDERSD_CONSENT_AGENT"] = "/bin/true"
        environment.removeValue(forKey: "REMINDERSD_STORE")
        let byEnvironment = Programs.run(
            bin,
            [
                "call", "requestAccess", request, "--client", "self-granted", "--store", folder.store,
                "--no-consent-prompt",
            ], environment: environment)
        XCTAssertEqual(status(of: byEnvironment), "notDetermined", byEnvironment.stderr)
        // By the command line it starts the server with.
        let byArgument = Programs.remindersd([
            "call", "requestAccess", request, "--client", "self-granted", "--store", folder.store,
            "--no-consent-prompt", "--consent-agent", "/bin/true",
        ])
        XCTAssertEqual(status(of: byArgument), "notDetermined", byArgument.stderr)
        XCTAssertTrue(byArgument.stderr.contains("is not the owner's consent agent"), byArgument.stderr)
        XCTAssertFalse(permissions(["list"]).stdout.contains("fullAccess"))
        // The owner's agent, recorded by the owner, is asked (and the same agent named is fine).
        let allow = folder.script("allow", "exit 0")
        XCTAssertEqual(permissions(["consent-agent", allow]).status, 0)
        XCTAssertEqual(permissions(["consent-agent"]).stdout, allow + "\n")
        let asked = Programs.remindersd([
            "call", "requestAccess", request, "--client", "owner-allowed", "--store", folder.store, "--no-consent-prompt",
        ])
        XCTAssertEqual(status(of: asked), "fullAccess", asked.stderr)
        XCTAssertEqual(permissions(["consent-agent", "--none"]).status, 0)
        XCTAssertEqual(permissions(["consent-agent"]).stdout, "(none)\n")
    }

    /// A program that runs remindersd on a pseudo-terminal of its own and types "y" at the prompt.
    func testAClientCannotAnswerThePromptOnATerminalItMade() throws {
        guard let script = Programs.which("script") else { throw XCTSkip("util-linux's script is not installed") }
        let command = "'\(bin)' call requestAccess '{\"usageDescription\":\"Let me in\"}' --client typist --store '\(folder.store)'"
        let typed = Programs.run(script, ["-qec", command, "/dev/null"], input: Data("y\n".utf8))
        XCTAssertFalse(typed.stdout.contains(#""status":"fullAccess""#), typed.stdout)
        XCTAssertTrue(typed.stdout.contains("held by") && typed.stdout.contains(#""status":"notDetermined""#), typed.stdout + typed.stderr)
        XCTAssertFalse(permissions(["list"]).stdout.contains("fullAccess"), "nothing granted")
    }

    // MARK: 2. A script's identity is not taken on its parent's word

    /// A python script started by a relative path that then changes to the granted script's folder.
    func testChangingFolderDoesNotMakeAScriptAnother() throws {
        let python = try XCTUnwrap(["/usr/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }, "Debian's python3")
        let granted = folder.path + "/granted"
        try FileManager.default.createDirectory(atPath: granted, withIntermediateDirectories: true)
        let name = "sync.py"
        _ = executable("granted/" + name, "print('the granted one')\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted + "/" + name]).status, 0)
        let attacker = folder.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: attacker, withIntermediateDirectories: true)
        _ = executable(
            "elsewhere/" + name,
            """
            import os, subprocess, sys
            os.chdir(sys.argv[1])
            print(subprocess.run(sys.argv[2], shell=True, capture_output=True, text=True).stdout)
            """)
        let output = Programs.run("/bin/sh", ["-c", "cd '\(attacker)' && '\(python)' \(name) '\(granted)' \"$0\"", statusCall])
        XCTAssertEqual(status(of: output), "notDetermined", output.stdout + output.stderr)
    }

    /// `bash /dev/fd/7`: the script is the file on bash's descriptor, not on remindersd's own fd 7.
    func testAScriptOnADescriptorIsTheOneBashHasOpen() throws {
        let granted = executable("granted.sh", "#!/bin/bash\necho granted\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted]).status, 0)
        let never = executable("never.sh", "#!/bin/bash\n\(statusCall) 7<'\(granted)'\n")
        let output = Programs.run("/bin/bash", ["-c", "/bin/bash /dev/fd/7 7<'\(never)'"])
        XCTAssertEqual(status(of: output), "notDetermined", output.stdout + output.stderr)
        // The granted script itself, run the same way, is itself.
        let grantedRun = executable("granted-run.sh", "#!/bin/bash\n\(statusCall)\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", grantedRun]).status, 0)
        XCTAssertEqual(status(of: Programs.run("/bin/bash", ["-c", "/bin/bash /dev/fd/7 7<'\(grantedRun)'"])), "fullAccess")
    }

    /// A shell running code of its own that holds a granted script open (issue 49, 15): the
    /// script it has open counts only when its command line names that same file.
    func testAShellHoldingAGrantedScriptOpenIsNotThatScript() throws {
        let granted = executable("granted.sh", "#!/bin/bash\necho granted\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted]).status, 0)
        let dash = ["/usr/bin/dash", "/bin/dash"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/bin/sh"
        let attempts: [(String, [String], String)] = [
            ("/bin/bash", ["-c", "exec 255<'\(granted)'; \(statusCall)"], ""),
            // dash itself redirects descriptors 0–9 only: bash hands it descriptor 10.
            ("/bin/bash", ["-c", "exec 10<'\(granted)'; exec \(dash) -c \"$0\"", statusCall], ""),
            ("/bin/bash", ["-c", "/bin/bash /dev/stdin 10<'\(granted)'"], statusCall + "\n"),
        ]
        for (shell, arguments, input) in attempts {
            let output = Programs.run(shell, arguments, input: Data(input.utf8))
            XCTAssertEqual(status(of: output), "notDetermined", "\(shell) \(arguments): \(output.stdout) \(output.stderr)")
        }
        // The granted script, run as itself, still is itself.
        let grantedRun = executable("granted-run.sh", "#!/bin/bash\n\(statusCall)\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", grantedRun]).status, 0)
        XCTAssertEqual(status(of: Programs.run("/bin/bash", [grantedRun])), "fullAccess")
    }

    /// A python process that rewrites its own command line to name a granted bash script.
    func testARewrittenCommandLineDoesNotMakeAProcessTheScriptItNames() throws {
        let python = try XCTUnwrap(["/usr/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }, "Debian's python3")
        let granted = executable("granted.sh", "#!/bin/bash\n\(statusCall)\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted]).status, 0)
        // Overwrite argv in place (through /proc/self/mem), padded by a long argument to make room.
        let rewriter = executable(
            "rewriter.py",
            """
            import subprocess, sys
            fields = open('/proc/self/stat').read().rsplit(')', 1)[1].split()
            start, end = int(fields[45]), int(fields[46])
            fake = (b'/bin/bash\\0' + sys.argv[1].encode() + b'\\0').ljust(end - start, b'\\0')
            with open('/proc/self/mem', 'r+b') as mem:
                mem.seek(start); mem.write(fake[:end - start])
            print(open('/proc/self/cmdline', 'rb').read().split(b'\\0')[1].decode())
            print(subprocess.run(sys.argv[2], shell=True, capture_output=True, text=True).stdout)
            """)
        let output = Programs.run(python, [rewriter, granted, statusCall, String(repeating: "x", count: 200)])
        XCTAssertTrue(output.stdout.hasPrefix(granted), "the command line now names the granted script: \(output.stdout)")
        XCTAssertEqual(status(of: output), "notDetermined", output.stdout + output.stderr)
    }

    /// A compiled program copied to a file named `python3`, started with the granted script as its
    /// first argument: the file's name does not make it an interpreter.
    func testAProgramNamedPython3IsNotAnInterpreter() throws {
        guard let compiler = Programs.which("cc") else { throw XCTSkip("no C compiler to make a program with") }
        let granted = executable("granted.py", "print('granted')\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted]).status, 0)
        let source = folder.path + "/impostor.c"
        try "#include <stdlib.h>\nint main(int c, char **v) { return system(v[2]); }\n".write(toFile: source, atomically: true, encoding: .utf8)
        let impostor = folder.path + "/python3"
        XCTAssertEqual(Programs.run(compiler, [source, "-o", impostor]).status, 0)
        let output = Programs.run(impostor, [granted, statusCall])
        XCTAssertEqual(status(of: output), "notDetermined", output.stdout + output.stderr)
    }

    /// An interpreter installed outside the system folders (pyenv, uv, conda, nvm) is one by what
    /// it is — a binary with its family's entry points, changeable only by the owner or root — so
    /// the script it runs is the program, as with Debian's (issue 49, 16). One writable by others
    /// is not, and a tool.py granted is said to be known by a claim.
    func testAnInterpreterOutsideTheSystemFoldersRunsItsScript() throws {
        let system = try XCTUnwrap(["/usr/bin/python3.11", "/usr/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let versions = folder.path + "/.pyenv/versions/3.11/bin"
        try FileManager.default.createDirectory(atPath: versions, withIntermediateDirectories: true)
        let python = versions + "/python3.11"
        try FileManager.default.copyItem(atPath: (system as NSString).resolvingSymlinksInPath, toPath: python)
        chmod(python, 0o755)
        let tool = folder.path + "/tool.py"
        try "import subprocess, sys\nprint(subprocess.run(sys.argv[1], shell=True, capture_output=True, text=True).stdout)\n"
            .write(toFile: tool, atomically: true, encoding: .utf8)
        let set = permissions(["set", "editor", "fullAccess", "--program", tool])
        XCTAssertTrue(set.stderr.contains("caution") && set.stderr.contains("tool.py is a script"), "said to be a claim: \(set.stderr)")
        XCTAssertEqual(status(of: Programs.run(python, [tool, statusCall])), "fullAccess", "pyenv's python runs tool.py")
        XCTAssertEqual(
            status(
                of: Programs.run(
                    python,
                    [
                        "-c", "import subprocess, sys; print(subprocess.run(sys.argv[1], shell=True, capture_output=True, text=True).stdout)",
                        statusCall,
                    ])),
            "notDetermined", "python -c is the interpreter, not tool.py")
        chmod(python, 0o777)
        XCTAssertEqual(status(of: Programs.run(python, [tool, statusCall])), "notDetermined", "writable by others: no interpreter of the owner's")
    }

    /// A live file literally named "granted (deleted)" is not the program "granted".
    func testAFileNamedLikeADeletedExecutableIsItself() throws {
        let timeout = try XCTUnwrap(Programs.which("timeout"))
        let granted = folder.path + "/granted"
        let lookalike = folder.path + "/granted (deleted)"
        try FileManager.default.copyItem(atPath: timeout, toPath: granted)
        try FileManager.default.copyItem(atPath: timeout, toPath: lookalike)
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", granted]).status, 0)
        XCTAssertEqual(status(of: Programs.run(granted, ["60", "/bin/sh", "-c", statusCall + "; exit $?"])), "fullAccess")
        let output = Programs.run(lookalike, ["60", "/bin/sh", "-c", statusCall + "; exit $?"])
        XCTAssertEqual(status(of: output), "notDetermined", output.stdout + output.stderr)
    }

    // MARK: 3. Programs that cannot be identified share nothing

    func testAProgramThatCannotBeIdentifiedIsNeverGrantedAlone() throws {
        let request = #"{"usageDescription":"orphan"}"#
        let allow = folder.script("allow", "exit 0")
        XCTAssertEqual(permissions(["consent-agent", allow]).status, 0)
        let result = folder.path + "/orphan-result"
        // Double-forked: the shell that started it is gone before it looks.
        _ = Programs.run(
            "/bin/sh",
            [
                "-c",
                "( sleep 0.3; '\(bin)' call requestAccess '\(request)' --client orphan --store '\(folder.store)' --no-consent-prompt > '\(result)' 2>&1 ) &",
            ])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? String(contentsOfFile: result, encoding: .utf8))?.contains("}") != true { usleep(50_000) }
        let answer = (try? String(contentsOfFile: result, encoding: .utf8)) ?? ""
        XCTAssertTrue(answer.contains("notDetermined"), answer)
        XCTAssertFalse(permissions(["list"]).stdout.contains("(unknown)"), "nothing recorded for (unknown)")
        let byName = permissions(["set", "orphan", "fullAccess"])
        XCTAssertNotEqual(byName.status, 0, "no program asked that could be granted")
        let unknown = permissions(["set", "orphan", "fullAccess", "--program", "(unknown)"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("--any-program"), unknown.stderr)
    }

    // MARK: 4 and 5. Wrappers, and options in a #! line

    func testAScriptRunningRemindersdThroughTimeoutIsTheScript() throws {
        let script = executable("with-timeout.sh", "#!/bin/bash\ntimeout 30 \(statusCall)\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", script]).status, 0)
        XCTAssertEqual(status(of: Programs.run(script, [])), "fullAccess")
        let other = executable("other.sh", "#!/bin/bash\ntimeout 30 \(statusCall)\n")
        XCTAssertEqual(status(of: Programs.run(other, [])), "notDetermined", "the grant is the script's, not timeout's")
    }

    func testAScriptWithAnOptionInItsShebangIsItself() throws {
        let strict = executable("strict.sh", "#!/bin/bash -e\n\(statusCall)\n")
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", strict]).status, 0)
        XCTAssertEqual(status(of: Programs.run(strict, [])), "fullAccess")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            let unbuffered = executable(
                "unbuffered.py",
                """
                #!/usr/bin/python3 -u
                import subprocess, sys
                print(subprocess.run(sys.argv[1], shell=True, capture_output=True, text=True).stdout)
                """)
            let set = permissions(["set", "editor", "fullAccess", "--program", unbuffered])
            XCTAssertTrue(set.stderr.contains("caution") && set.stderr.contains("script"), "a script's identity is a claim: \(set.stderr)")
            XCTAssertEqual(status(of: Programs.run(unbuffered, [statusCall])), "fullAccess")
        }
    }
}
