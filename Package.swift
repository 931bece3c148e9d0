// swift-tools-version: 6.1
//
// Streams: reactive streams for Swift with RxSwift's names and semantics.
//
// Platform minimums: those of Swift concurrency's back-deployment (macOS 10.15, iOS 13,
// tvOS 13, watchOS 6; visionOS 1). The engine's lock and atomics come from the C module
// CStreamsEngine, not from `Synchronization` (macOS 15 / iOS 18). One type needs more and says
// so with `@available`: StreamsMVC's `ScreenStore` (Observation: macOS 14 / iOS 17). README.md,
// "Platforms", lists it. Linux has no minimum beyond Swift 6.1.
import PackageDescription

let swift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Streams",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "StreamsTest", targets: ["StreamsTest"]),
        .library(name: "StreamsMVC", targets: ["StreamsMVC"]),
        .library(name: "StreamsMVCTest", targets: ["StreamsMVCTest"]),
        .executable(name: "search-demo", targets: ["SearchDemoMain"]),
        .executable(name: "streams-benchmarks", targets: ["StreamsBenchmarks"]),
    ],
    targets: [
        .target(name: "CStreamsEngine"),
        .target(name: "Streams", dependencies: ["CStreamsEngine"], swiftSettings: swift6),
        .target(name: "StreamsTest", dependencies: ["Streams"], swiftSettings: swift6),
        .target(name: "StreamsMVC", dependencies: ["Streams"], swiftSettings: swift6),
        .target(name: "StreamsMVCTest", dependencies: ["Streams", "StreamsTest", "StreamsMVC"], swiftSettings: swift6),
        .target(
            name: "SearchDemo",
            dependencies: ["Streams", "StreamsMVC"],
            resources: [.copy("Resources/catalog.json")],
            swiftSettings: swift6
        ),
        .executableTarget(name: "SearchDemoMain", dependencies: ["SearchDemo"], swiftSettings: swift6),
        .target(name: "CMallocCounter"),
        .target(name: "BenchmarkSupport", swiftSettings: swift6),
        .executableTarget(
            name: "StreamsBenchmarks",
            dependencies: ["Streams", "StreamsTest", "SearchDemo", "CMallocCounter", "BenchmarkSupport"],
            swiftSettings: swift6
        ),
        // What the test targets share (recorders, test errors, fixtures); not a product. App-style
        // StreamsMVCAppTests stays without it: it uses only what a user's package has.
        .target(
            name: "TestSupport",
            dependencies: ["Streams", "StreamsTest"],
            path: "Tests/TestSupport",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "StreamsTests",
            dependencies: ["Streams", "StreamsTest", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "StreamsTestTests",
            dependencies: ["Streams", "StreamsTest", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "StreamsMVCTests",
            dependencies: ["Streams", "StreamsTest", "StreamsMVC", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "StreamsMVCTestTests",
            dependencies: ["Streams", "StreamsTest", "StreamsMVC", "StreamsMVCTest"],
            swiftSettings: swift6
        ),
        // App code written the way a user's own Swift 6 package compiles it (language mode 6, no
        // upcoming features): the snippets of the docs and RxMVC's example screens, ported.
        .testTarget(
            name: "StreamsMVCAppTests",
            dependencies: ["Streams", "StreamsTest", "StreamsMVC", "StreamsMVCTest"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "SearchDemoTests",
            dependencies: ["Streams", "StreamsTest", "StreamsMVC", "StreamsMVCTest", "SearchDemo", "TestSupport"],
            swiftSettings: swift6
        ),
    ]
)
