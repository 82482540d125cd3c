import Foundation

/// The Nominatim-shaped geocoder of `Tests/Geocoder/nominatim.py`, on 127.0.0.1 for one test:
/// its URL, and what it was asked.
public final class LocalGeocoder {
    private let process = Process()
    private let log: URL
    public let url: String

    public init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Geocoder/nominatim.py")
        log = FileManager.default.temporaryDirectory.appendingPathComponent("nominatim-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let said = String(decoding: line, as: UTF8.self)
        guard said.hasPrefix("port ") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "nominatim.py said \(said)"])
        }
        url = "http://127.0.0.1:\(said.dropFirst(5))/"
    }

    /// Each request it had, as "PATH QUERY-JSON".
    public var requests: [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        // SIGKILL: started from a dispatch worker (an async test), it inherits a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
