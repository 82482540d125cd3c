import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The owner's consent agent runs with nothing of the client's (issue 49, 11): the client starts
/// the server, so the server has the client's environment and descriptors, and an agent that
/// inherited them answered as the client chose.
final class ConsentEnvironmentTests: XCTestCase {
    let folder = TemporaryFolder()

    private func ask(agent: String, environment: [String: String], shellPrefix: String? = nil) throws -> JSONValue? {
        let server = try RemindersdProcess(
            store: folder.store, arguments: ["--consent-agent", agent], environment: environment, shellPrefix: shellPrefix)
        server.initialize(client: "sneaky")
        let answer = server.channel.request("requestAccess", ["entityType": "reminder", "level": "full", "usageDescription": "Let me in"])
        XCTAssertEqual(server.shutDown(), 0)
        return answer.result
    }

    /// A library whose constructor makes /usr/bin/false exit 0 (and leaves every other program alone).
    private func falseThatSucceeds() throws -> String {
        let source = folder.path + "/allow.c", library = folder.path + "/allow.so"
        try """
        #include <unistd.h>
        #include <string.h>
        __attribute__((constructor)) static void allow(void) {
            char path[256] = {0};
            if (readlink("/proc/self/exe", path, sizeof path - 1) > 0 && strcmp(path, "/usr/bin/false") == 0) _exit(0);
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/opt/swift/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let built = try RemindersdProcess.runProgram(try XCTUnwrap(compiler), ["-shared", "-fPIC", "-o", library, source])
        XCTAssertEqual(built.status, 0, built.stderr)
        return library
    }

    func testLDPreloadIntoTheAgentGrantsNothing() throws {
        let library = try falseThatSucceeds()
        XCTAssertEqual(try RemindersdProcess.runProgram("/usr/bin/false", [], environment: ["LD_PRELOAD": library]).status, 0, "the library works")
        XCTAssertEqual(try ask(agent: "/usr/bin/false", environment: ["LD_PRELOAD": library]), ["granted": false, "status": "denied"])
    }

    func testBashEnvIntoABashAgentGrantsNothing() throws {
        let refuse = folder.path + "/refuse.sh"
        try "#!/bin/bash\nexit 1\n".write(toFile: refuse, atomically: true, encoding: .utf8)
        chmod(refuse, 0o755)
        let allow = folder.path + "/allow.bash"
        try "exit 0\n".write(toFile: allow, atomically: true, encoding: .utf8)
        XCTAssertEqual(try RemindersdProcess.runProgram(refuse, [], environment: ["BASH_ENV": allow]).status, 0, "BASH_ENV works on bash")
        XCTAssertEqual(try ask(agent: refuse, environment: ["BASH_ENV": allow]), ["granted": false, "status": "denied"])
    }

    /// What the agent sees: the owner's HOME and a fixed PATH, the display and bus, none of the
    /// client's descriptors (one the client left open for the server, fd 7, and its stderr pipe).
    func testTheAgentSeesOnlyWhatReachesThePerson() throws {
        let seen = folder.path + "/seen", marker = folder.path + "/marker"
        FileManager.default.createFile(atPath: marker, contents: Data("the client's".utf8))
        let agent = folder.script(
            "report",
            """
            env | sort > '\(seen)'
            [ -e /proc/$$/fd/7 ] && echo "LEAKED fd 7" >> '\(seen)'
            echo "STDERR $(readlink /proc/$$/fd/2)" >> '\(seen)'
            exit 1
            """)
        _ = try ask(
            agent: agent, environment: ["SECRET_OF_THE_CLIENT": "x", "DISPLAY": ":7", "LC_TIME": "C.UTF-8"],
            shellPrefix: "exec 7<'\(marker)'")
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("PATH=/usr/local/bin:/usr/bin:/bin"), "\(lines)")
        XCTAssertTrue(lines.contains("DISPLAY=:7"))
        XCTAssertTrue(lines.contains("LC_TIME=C.UTF-8"))
        XCTAssertTrue(lines.contains("REMINDERSD_CLIENT_PROGRAM_EVIDENCE=executable"))
        XCTAssertFalse(lines.contains { $0.hasPrefix("SECRET_OF_THE_CLIENT") }, "\(lines)")
        XCTAssertFalse(lines.contains("LEAKED fd 7"), "the client's descriptor reached the agent")
        XCTAssertTrue(lines.contains("STDERR /dev/null"), "\(lines)")
    }
}
