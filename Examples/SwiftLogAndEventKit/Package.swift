// swift-tools-version:6.0
// A Mac program's usual neighbours: swift-log (here its stand-in, ../swift-log) and the EventKit
// product in one graph. SwiftPM refuses a graph in which two packages declare a target of the
// same name, so this builds only while remindersd's targets keep names of their own
// (scripts/eventkit-seeds builds and runs it).
import PackageDescription

let package = Package(
    name: "SwiftLogAndEventKit",
    dependencies: [.package(path: "../swift-log"), .package(path: "../remindersd")],
    targets: [
        .executableTarget(
            name: "reminders-log",
            dependencies: [
                .product(name: "Logging", package: "swift-log"), .product(name: "EventKit", package: "remindersd"),
                .product(name: "CoreLocation", package: "remindersd"),
            ])
    ]
)
