import Foundation
import Streams
import Testing

/// Held by every test that turns the process-wide `Inspector.isEnabled` on and off, for as long as
/// the flag is its own: suites run in parallel, and one turning it off while another builds a
/// chain leaves that chain unrecorded.
package func withInspectorFlagOwned<Result>(_ body: () throws -> Result) rethrows -> Result {
    inspectorFlagOwner.lock()
    defer { inspectorFlagOwner.unlock() }
    return try body()
}

private let inspectorFlagOwner = NSLock()

/// Whether the ``Inspector`` records: `false` while its core is a stub (turning it on does not
/// stick), so the operator-site suites that need it are skipped until it is in.
package let inspectorRecords: Bool = withInspectorFlagOwned {
    let wasEnabled = Inspector.isEnabled
    Inspector.isEnabled = true
    defer { Inspector.isEnabled = wasEnabled }
    return Inspector.isEnabled
}

/// Every node of `node`'s tree, `node` first, then its sources depth first.
package func nodes(of node: InspectorSnapshot.Node) -> [InspectorSnapshot.Node] {
    [node] + node.sources.flatMap(nodes(of:))
}

/// Subscribes to what `build` returns with the ``Inspector`` on and expects a node named `name` at
/// the caller's line (write the operator on the line of the call), in a tree that names no line of
/// the library (`Streams/…`, `StreamsMVC/…`, `StreamsTest/…`, `StreamsMVCTest/…`): an operator built on another must pass the app's
/// site on. A snapshot is taken after subscribing and at every event (a source that ends at once
/// leaves the tree when it ends).
package func expectSite<Element>(
    _ name: String, fileID: String = #fileID, line: Int = #line, sourceLocation: SourceLocation = #_sourceLocation,
    _ build: () -> Observable<Element>
) {
    expectSite(name, fileID: fileID, line: line, sourceLocation: sourceLocation) { takeSnapshot in
        build().subscribe(
            onNext: { _ in takeSnapshot() }, onError: { _ in takeSnapshot() }, onCompleted: { takeSnapshot() })
    }
}

/// Runs `subscribe` with the ``Inspector`` on and expects a node named `name` at the caller's line
/// in the snapshot taken when it returns or in one it took by calling its argument (see the
/// observable form); then disposes the subscription and expects its tree gone.
package func expectSite(
    _ name: String, fileID: String = #fileID, line: Int = #line, sourceLocation: SourceLocation = #_sourceLocation,
    subscribing subscribe: (_ takeSnapshot: @escaping @Sendable () -> Void) -> any Disposable
) {
    let site = CallSite(fileID: fileID, filePath: "", line: line, column: 0)
    // At the line, whatever the column: an operator records none, a main-actor subscriber its own.
    let isAtSite: (InspectorSnapshot.Node) -> Bool = { $0.site?.fileID == fileID && $0.site?.line == line }
    let snapshots = Recorder<InspectorSnapshot>()
    let subscription = withInspectorFlagOwned {
        Inspector.isEnabled = true
        let subscription = subscribe { snapshots.append(Inspector.snapshot()) }
        Inspector.isEnabled = false
        snapshots.append(Inspector.snapshot())
        return subscription
    }
    subscription.dispose()
    // Other tests' chains may be in a snapshot too: only the trees with a node at this line count.
    let trees = snapshots.values.flatMap(\.roots).filter { nodes(of: $0).contains(where: isAtSite) }
    let described = snapshots.values.map(\.description).joined(separator: "\n---\n")
    #expect(
        trees.flatMap(nodes(of:)).contains { $0.name == name && isAtSite($0) },
        "no `\(name)` at \(site) in the snapshots:\n\(described)", sourceLocation: sourceLocation)
    let librarySites = trees.flatMap(nodes(of:)).compactMap(\.site).filter { site in
        ["Streams/", "StreamsMVC/", "StreamsTest/", "StreamsMVCTest/"].contains { site.fileID.hasPrefix($0) }
    }
    #expect(
        librarySites.isEmpty, "the chain at \(site) recorded lines of the library: \(librarySites)",
        sourceLocation: sourceLocation)
    let afterDisposal = Inspector.snapshot().roots.filter { nodes(of: $0).contains(where: isAtSite) }
    #expect(afterDisposal.isEmpty, "the chain at \(site) outlived its disposal", sourceLocation: sourceLocation)
}
