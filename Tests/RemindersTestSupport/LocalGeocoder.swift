import Foundation

/// The Nominatim-shaped geocoder of `Tests/Geocoder/nominatim.py`, on 127.0.0.1 for one test:
/// its URL, and what it was asked.
public final class LocalGeocoder {
    private let process = Process()
    private let log: URL
    public let url: String

    public init() throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("nominatim-\(UUID().uuidString).log")
        url = "http://127.0.0.1:\(try AnnouncedPort.start(process, script: "Geocoder/nominatim.py", log: log))/"
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
