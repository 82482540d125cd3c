// swift-tools-version:6.0
// A stand-in for apple/swift-log, which this machine cannot fetch (only Debian's and PyPI's
// archives are reachable): the same package name, product and target name — `Logging`, the name
// that clashed — and the part of its `Logger` API the example uses. SwiftPM refuses a graph by
// target names alone, so this reproduces the clash the real package caused, and proves it gone.
import PackageDescription

let package = Package(
    name: "swift-log",
    products: [.library(name: "Logging", targets: ["Logging"])],
    targets: [.target(name: "Logging")]
)
