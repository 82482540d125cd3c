import Foundation
import RemindersStore

/// An account's password, fetched each time a sync needs it and never kept: read from a file only
/// its owner can read, or taken from what a command prints (run without a shell, so its words
/// are exactly the ones given).
public enum PasswordSource {
    public static func password(for account: SyncAccount) throws(SecretError) -> String? {
        if let file = account.passwordFile { return try read(file, account: account.name) }
        if let command = account.passwordCommand { return try run(command, account: account.name) }
        return nil
    }

    /// Refuses a file that others may read: a password in it is no longer only the owner's.
    static func checkFile(_ path: String) throws(SecretError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw SecretError("the password file \(path) cannot be read")
        }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw SecretError("the password file \(path) may be read by others (mode \(String(mode, radix: 8))); chmod 600 it")
        }
    }

    private static func read(_ path: String, account: String) throws(SecretError) -> String {
        try checkFile(path)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw SecretError("the password file \(path) of account \(account) cannot be read")
        }
        return firstLine(text)
    }

    private static func run(_ command: String, account: String) throws(SecretError) -> String {
        let words = try CommandWords.split(command)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + words
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw SecretError("the password command of account \(account) cannot be started") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SecretError("the password command of account \(account) failed (exit status \(process.terminationStatus))")
        }
        return firstLine(String(decoding: data, as: UTF8.self))
    }

    /// The password is the first line, without its line end (pass and secret-tool print one).
    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}

/// The checks `remindersd accounts add` makes before recording where a password comes from.
public enum PasswordCheck {
    public static func file(_ path: String) throws(SecretError) { try PasswordSource.checkFile(path) }

    /// A command line split into words as a shell would (quotes, backslashes), for running without one.
    public static func words(_ text: String) throws(SecretError) -> [String] { try CommandWords.split(text) }

    /// The command's words split, and its program found (as `env` will look for it, on PATH).
    public static func command(_ text: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(SecretError) {
        guard let program = try CommandWords.split(text).first else { throw SecretError("the password command is empty") }
        let candidates =
            program.contains("/")
            ? [program]
            : (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        guard candidates.contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw SecretError("the password command's program \(program) is not found\(program.contains("/") ? "" : " on PATH")")
        }
    }
}
