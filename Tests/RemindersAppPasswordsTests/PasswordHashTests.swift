import Foundation
import RemindersAppPasswords
import XCTest

/// App passwords as libcrypt keeps them: a yescrypt hash that verifies the password it was made
/// from and no other; a fresh salt each time; a login remembered for a moment, not past a new hash.
final class PasswordHashTests: XCTestCase {
    func testAHashVerifiesItsPasswordAndNoOther() throws {
        let password = AppPassword.generate()
        let hash = try PasswordHash.make(password)
        XCTAssertTrue(hash.hasPrefix("$y$"), hash)
        XCTAssertFalse(hash.contains(password))
        XCTAssertTrue(PasswordHash.verify(password, against: hash))
        XCTAssertFalse(PasswordHash.verify(password + "x", against: hash))
        XCTAssertFalse(PasswordHash.verify(String(password.dropLast()), against: hash))
        XCTAssertFalse(PasswordHash.verify("", against: hash))
        XCTAssertNotEqual(try PasswordHash.make(password), hash, "each hash has its own salt")
        for broken in ["", "plain", "$y$", "$1$x$y", String(hash.dropLast(5))] {
            XCTAssertFalse(PasswordHash.verify(password, against: broken), broken)
        }
    }

    func testAGeneratedPasswordIsLongAndEachIsNew() {
        let passwords = (0..<50).map { _ in AppPassword.generate() }
        XCTAssertEqual(Set(passwords).count, 50)
        for password in passwords {
            XCTAssertEqual(password.count, 29, password)
            XCTAssertEqual(password.split(separator: "-").count, 6)
            XCTAssertFalse(password.contains { "01lIO".contains($0) }, password)
        }
    }

    func testALoginIsRememberedForItsLifetimeAndNotPastANewHash() {
        let cache = LoginCache(lifetime: 60, capacity: 2)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        cache.remember(user: "thunderbird", password: "pw-1", storedHash: "$y$h1", now: start)
        XCTAssertTrue(cache.holds(user: "thunderbird", password: "pw-1", storedHash: "$y$h1", now: start.addingTimeInterval(59)))
        XCTAssertFalse(cache.holds(user: "thunderbird", password: "pw-1", storedHash: "$y$h1", now: start.addingTimeInterval(61)))
        XCTAssertFalse(cache.holds(user: "thunderbird", password: "pw-2", storedHash: "$y$h1", now: start))
        XCTAssertFalse(cache.holds(user: "thunderbird", password: "pw-1", storedHash: "$y$h2", now: start), "a new password was made")
        XCTAssertFalse(cache.holds(user: "evolution", password: "pw-1", storedHash: "$y$h1", now: start))
        cache.remember(user: "evolution", password: "pw-e", storedHash: "$y$e", now: start)
        cache.remember(user: "khal", password: "pw-k", storedHash: "$y$k", now: start)
        XCTAssertTrue(cache.holds(user: "khal", password: "pw-k", storedHash: "$y$k", now: start), "full: the newest is kept")
        cache.forget(user: "khal")
        XCTAssertFalse(cache.holds(user: "khal", password: "pw-k", storedHash: "$y$k", now: start))
    }
}
