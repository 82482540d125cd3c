import Foundation

/// `Tests/Feeds/feeds.py` on 127.0.0.1 for one test, publishing the .ics files of a folder of
/// its own: the test writes, changes and removes them (and `routes.json`) between refreshes, and
/// reads back every request the publisher had.
public final class LocalFeedPublisher {
    private let process = Process()
    private let log: URL
    public let folder: URL
    /// `http://127.0.0.1:PORT`, without a slash at the end.
    public let base: String

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        log = folder.appendingPathComponent("requests.log")
        base = "http://127.0.0.1:\(try AnnouncedPort.start(process, script: "Feeds/feeds.py", arguments: [folder.path], log: log))"
    }

    /// Publishes `text` at `/NAME` (a later call changes it; the file's time moves on by a second
    /// so that Last-Modified changes too).
    public func publish(_ name: String, _ text: String) throws {
        let file = folder.appendingPathComponent(name)
        let previous = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? nil
        try Data(text.utf8).write(to: file)
        let later = max(Date(), (previous ?? .distantPast).addingTimeInterval(1))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: file.path)
    }

    /// The feed `Tests/Feeds/NAME`, as committed.
    public static func fixture(_ name: String) throws -> String {
        let feeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Feeds")
        return try String(contentsOf: feeds.appendingPathComponent(name), encoding: .utf8)
    }

    /// Publishes the feed `Tests/Feeds/NAME` at `/NAME`.
    public func publishFixture(_ name: String) throws { try publish(name, try Self.fixture(name)) }

    /// Answers `path` with `status` (and a Location) instead of a file: `[path: (status, location)]`.
    /// `private`: paths served only with Basic credentials, `[path: (file, "user:password")]`.
    public func route(_ routes: [String: (status: Int, location: String?)], private: [String: (file: String, auth: String)] = [:]) throws {
        var object: [String: Any] = [:]
        for (path, route) in routes {
            var entry: [String: Any] = ["status": route.status]
            if let location = route.location { entry["location"] = location }
            object[path] = entry
        }
        for (path, served) in `private` { object[path] = ["file": served.file, "auth": served.auth] }
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("routes.json"))
    }

    public struct Request: Equatable {
        public var path: String
        public var ifNoneMatch: String
        public var ifModifiedSince: String
        public var authorized: Bool
        public var status: Int
    }

    /// Every request so far, in order.
    public var requests: [Request] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let status = Int(fields[4]) else { return nil }
            return Request(path: fields[0], ifNoneMatch: fields[1], ifModifiedSince: fields[2], authorized: fields[3] == "yes", status: status)
        }
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
