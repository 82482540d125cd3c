import Foundation

/// The tests' Python servers on 127.0.0.1 (`Tests/Geocoder/nominatim.py`, `Tests/Feeds/feeds.py`)
/// bind a free port and print "port N" before anything else: started here, that line read.
enum AnnouncedPort {
    /// `Tests/SCRIPT` run with `arguments`, its stderr into `log`; its port once it said it.
    static func start(_ process: Process, script: String, arguments: [String] = [], log: URL) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(script)
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let said = String(decoding: line, as: UTF8.self)
        guard said.hasPrefix("port ") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(script) said \(said)"])
        }
        return String(said.dropFirst(5))
    }
}
