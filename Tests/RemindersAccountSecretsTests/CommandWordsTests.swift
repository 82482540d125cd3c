import XCTest
@testable import RemindersAccountSecrets

/// A password command is split like a shell splits words, and nothing more: it runs without one.
final class CommandWordsTests: XCTestCase {
    func testWordsQuotesAndBackslashes() throws {
        XCTAssertEqual(try CommandWords.split("pass show caldav/home"), ["pass", "show", "caldav/home"])
        XCTAssertEqual(try CommandWords.split("  secret-tool   lookup service 'my dav'  "), ["secret-tool", "lookup", "service", "my dav"])
        XCTAssertEqual(try CommandWords.split(#"cat "/home/me/My Passwords/dav""#), ["cat", "/home/me/My Passwords/dav"])
        XCTAssertEqual(try CommandWords.split(#"echo a\ b "c\"d" 'e\f'"#), ["echo", "a b", "c\"d", "e\\f"])
        XCTAssertEqual(try CommandWords.split("echo ''"), ["echo", ""], "an empty quoted word is a word")
    }

    func testNoShellMeaning() throws {
        XCTAssertEqual(try CommandWords.split("echo $HOME | cat; rm -rf *"), ["echo", "$HOME", "|", "cat;", "rm", "-rf", "*"])
    }

    func testUnterminatedQuotesAndEmptyCommandsAreRefused() {
        XCTAssertThrowsError(try CommandWords.split("pass show 'caldav"))
        XCTAssertThrowsError(try CommandWords.split("   "))
    }

    func testThePasswordCommandsProgramMustExist() {
        XCTAssertNoThrow(try PasswordCheck.command("cat /etc/hostname", path: "/usr/bin:/bin"))
        XCTAssertNoThrow(try PasswordCheck.command("/bin/cat x"))
        XCTAssertThrowsError(try PasswordCheck.command("no-such-program-at-all", path: "/usr/bin:/bin"))
        XCTAssertThrowsError(try PasswordCheck.command("/no/such/program"))
    }
}
