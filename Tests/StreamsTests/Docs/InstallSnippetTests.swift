import Foundation
import Testing

// The install snippets of README.md and Getting Started, as text (a manifest cannot be compiled
// inside a test): `everySwiftBlockIsCompiled` finds the blocks here, and the tests below check
// that they name this package's real products and follow the package identity rule.

/// The remote form: a whole manifest depending on the repository by URL.
let remoteInstallSnippet = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
        name: "MyApp",
        platforms: [.macOS(.v10_15), .iOS(.v13)],
        dependencies: [
            // Replace OWNER with the account that hosts the repository.
            .package(url: "https://github.com/OWNER/Streams.git", from: "0.1.0")
        ],
        targets: [
            .executableTarget(
                name: "MyApp",
                dependencies: [
                    .product(name: "Streams", package: "Streams"),
                    .product(name: "StreamsMVC", package: "Streams"),
                ]
            ),
            .testTarget(
                name: "MyAppTests",
                dependencies: [
                    "MyApp",
                    .product(name: "StreamsTest", package: "Streams"),
                    .product(name: "StreamsMVCTest", package: "Streams"),
                ]
            ),
        ]
    )
    """

/// The path form: a local checkout next to the app, in a folder named `Streams`.
let pathInstallSnippet = """
    dependencies: [
        .package(path: "../Streams")
    ],
    targets: [
        .executableTarget(
            name: "MyApp",
            dependencies: [.product(name: "Streams", package: "Streams")]
        )
    ]
    """

@Suite struct InstallSnippetTests {
    private static func captures(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func theSnippetsNameTheManifestsProducts() throws {
        let manifest = try String(
            contentsOf: DocExamplesTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = Set(Self.captures(#"\.library\(name: "([A-Za-z]+)""#, in: manifest))
        let used = Self.captures(#"\.product\(name: "([A-Za-z]+)""#, in: remoteInstallSnippet + pathInstallSnippet)
        #expect(used.count == 5)
        for product in used { #expect(products.contains(product), "\(product) is not a product of Package.swift") }
    }

    /// A dependency's identity is the last component of its path, or of its URL without `.git`;
    /// `.product(name:package:)` names that identity (ignoring case), not the manifest's `name:`.
    @Test func theSnippetsNameThePackageByItsIdentity() {
        let url = Self.captures(#"\.package\(url: "([^"]+)""#, in: remoteInstallSnippet).first ?? ""
        let fromURL = URL(string: url)?.deletingPathExtension().lastPathComponent
        let path = Self.captures(#"\.package\(path: "([^"]+)""#, in: pathInstallSnippet).first ?? ""
        let fromPath = URL(fileURLWithPath: path).lastPathComponent
        #expect(Set(Self.captures(#"package: "([^"]+)""#, in: remoteInstallSnippet)) == [fromURL])
        #expect(Set(Self.captures(#"package: "([^"]+)""#, in: pathInstallSnippet)) == [fromPath])
    }
}
