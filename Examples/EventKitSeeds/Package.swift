// swift-tools-version:6.0
// The documents remindersd grew from, as a Swift developer would write them against Apple's
// EventKit, built against remindersd's: `../remindersd` is this repository (scripts/eventkit-seeds
// links it there, as a consumer's checkout would be named).
import PackageDescription

let package = Package(
    name: "EventKitSeeds",
    dependencies: [.package(path: "../remindersd")],
    targets: [
        .executableTarget(
            name: "seeds",
            dependencies: [.product(name: "EventKit", package: "remindersd"), .product(name: "CoreLocation", package: "remindersd")]
        ),
        // bench/run's workload 14: EventKit's fetch against the raw protocol's, and a store's start.
        .executableTarget(name: "eventkit-bench", dependencies: [.product(name: "EventKit", package: "remindersd")]),
        // A program whose server goes away under it: an EKError, never SIGPIPE (scripts/eventkit-seeds).
        .executableTarget(name: "eventkit-robustness", dependencies: [.product(name: "EventKit", package: "remindersd")]),
    ],
    // The seeds are iOS apps' code, written for Swift 5 (their classes would be UIKit's, on the main actor).
    swiftLanguageModes: [.v5]
)
