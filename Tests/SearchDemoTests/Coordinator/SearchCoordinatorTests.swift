import Foundation
import Streams
import StreamsMVC
import Testing

@testable import SearchDemo

@MainActor @Suite struct SearchCoordinatorTests {
    @Test func opensWithTheOpenerOrShowsTheURL() {
        var notices: [String] = []
        let opening = SearchCoordinator(
            opener: URLOpener(program: "/bin/true"), notify: { notices.append($0) },
            makeScreen: { _ in Disposables.create() })
        opening.navigate(to: .openURL("https://github.com/apple/swift"))
        let printing = SearchCoordinator(
            opener: URLOpener(program: nil), notify: { notices.append($0) },
            makeScreen: { _ in Disposables.create() })
        printing.navigate(to: .openURL("https://github.com/apple/swift"))
        #expect(
            notices == [
                "opened https://github.com/apple/swift in the browser",
                "no browser found; the URL is https://github.com/apple/swift",
            ])
    }

    @Test func startWiresTheScreenOnceAndStopDisposesIt() {
        var wired = 0
        let disposed = BooleanDisposable()
        let coordinator = SearchCoordinator(
            opener: URLOpener(program: nil), notify: { _ in },
            makeScreen: { _ in
                wired += 1
                return disposed
            })
        coordinator.start()
        coordinator.start()
        #expect(wired == 1)
        coordinator.stop()
        #expect(disposed.isDisposed)
    }

    @Test func findsAnOpenerOnThePath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("xdg-open")
        // A link to an existing program, not a script written here: a child forked by a parallel test while
        // the script was open for writing keeps that descriptor, and exec then fails with ETXTBSY.
        let program = ["/usr/bin/true", "/bin/true"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try FileManager.default.createSymbolicLink(
            at: script, withDestinationURL: URL(fileURLWithPath: try #require(program)))
        #expect(URLOpener(path: directory.path).program == script.path)
        #expect(URLOpener(path: "/nonexistent").program == nil)
        #expect(URLOpener(path: directory.path).open("https://example.com"))
    }
}
