// STUB (API surface only): the inspector's bodies are being written (issue #24). The public
// surface below is fixed so that operators, the demo and the docs can be written against it.

/// The live view of running streams: which subscriptions exist, through which operators, written
/// where, and what passed through them.
///
/// Off by default. While off, nothing is recorded: an operator costs one flag check when it is
/// applied and nothing per element or per subscription. Turned on, every chain built from then on
/// is recorded when it is subscribed, and ``snapshot()`` shows its live subscriptions.
public enum Inspector {
    /// Whether chains built from now on are recorded.
    public static var isEnabled: Bool {
        get { isRecording }
        set { _ = newValue }
    }

    /// `true` while chains being built should be recorded (the flag every operator checks).
    @usableFromInline
    static var isRecording: Bool { false }

    /// The live subscriptions, from each subscriber up to its sources.
    public static func snapshot() -> InspectorSnapshot { InspectorSnapshot(roots: []) }

    /// The sites an error passed through on its way to the subscriber that received it, in order
    /// (source first); empty if no recorded chain delivered it.
    public static func observedSites(of error: any Error) -> [CallSite] { [] }

    /// Records `observable` as operator `name` applied at `file:line` (called only while recording).
    @usableFromInline
    static func record<Element>(_ observable: Observable<Element>, as name: StaticString, file: StaticString, line: UInt)
        -> Observable<Element>
    {
        observable
    }
}

/// What ``Inspector/snapshot()`` saw: the live subscriptions as a tree. Its `description` is the
/// tree, indented, one node per line.
public struct InspectorSnapshot: Sendable, CustomStringConvertible {
    /// One recorded subscription of one operator.
    public struct Node: Sendable {
        /// The operator's name (`map`, `flatMapLatest`, `PublishSubject`, `subscribe`).
        public var name: String
        /// Where the app applied the operator, if recorded.
        public var site: CallSite?
        /// The name `tag(_:)` gave the stream, if any.
        public var tag: String?
        /// Elements this node passed.
        public var elements: Int
        /// Errors this node passed (0 or 1).
        public var errors: Int
        /// Completions this node passed (0 or 1).
        public var completions: Int
        /// The last element it passed, described and shortened.
        public var lastElement: String?
        /// `true` for an inner subscription (`flatMapLatest`'s current inner).
        public var isInner: Bool
        /// The subscriptions this one made to its sources (and its inner subscriptions).
        public var sources: [Node]
    }

    /// The subscribers: each one's tree leads up to its sources.
    public var roots: [Node]

    public var description: String { "" }
}

extension ObservableType {
    /// Records this observable as operator `name`, applied at the caller's `file:line`, when the
    /// ``Inspector`` is on; otherwise returns it unchanged. Every operator of the library ends with
    /// it; a custom operator can too.
    @inlinable
    public func inspected(as name: StaticString, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        let observable = asObservable()
        guard _slowPath(Inspector.isRecording) else { return observable }
        return Inspector.record(observable, as: name, file: file, line: line)
    }

    /// Names this stream in the ``Inspector``'s snapshot. Returns this observable unchanged while
    /// the inspector is off.
    public func tag(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        asObservable()
    }
}
