/// The live view of running streams: which subscriptions exist, through which operators, written
/// where, and what passed through them.
///
/// Off by default. While off, nothing is recorded: an operator costs one flag check when it is
/// applied and nothing per element or per subscription. Turned on, every chain built from then on
/// is recorded when it is subscribed, and ``snapshot()`` shows its live subscriptions.
///
/// How it works (Docs/Internals.md, "The inspector"): each operator ends with
/// ``ObservableType/inspected(as:file:line:)``, which while recording wraps its observable so
/// that each subscription of it passes through a probe that counts what passes and forwards it
/// unchanged. The probe of a subscriber (`subscribe`, `bind`, `drive`, `emit`) is a root of the
/// snapshot; every other one goes under the recorded subscription that was subscribing, or
/// handling an event, on its thread when it was made.
public enum Inspector {
    /// Whether chains built from now on are recorded.
    ///
    /// Turning it off records no new chain; the subscriptions already recorded stay in
    /// ``snapshot()`` until they end.
    public static var isEnabled: Bool {
        get { enabled.withLock { $0 } }
        set {
            enabled.withLock { current in
                guard current != newValue else { return }
                current = newValue
                GlobalCounter.inspectorRecording.add(newValue ? 1 : -1)
            }
        }
    }

    private static let enabled = Locked(false)

    /// `true` while chains being built may be recorded (the flag every operator checks): the
    /// inspector is enabled, a recording scope runs somewhere in the process, or a recorded
    /// subscription is live. With none of these it is `false`, and applying an operator costs
    /// this one relaxed load.
    @inlinable
    static var isRecording: Bool { GlobalCounter.inspectorRecording.value != 0 }

    /// The live subscriptions, from each subscriber up to its sources: those recorded while the
    /// inspector was enabled (and, inside a recording scope such as a leak check's, those of
    /// that scope).
    public static func snapshot() -> InspectorSnapshot {
        let scope = currentScope
        return InspectorSnapshot(InspectionRegistry.liveRecords { $0 == nil || $0 === scope })
    }

    /// The sites an error passed through on its way to the subscriber that received it, in order
    /// (source first); empty if no recorded chain delivered it.
    ///
    /// Ask in the subscriber's `onError` or afterwards; the most recent errors' trails are kept.
    public static func observedSites(of error: any Error) -> [CallSite] {
        ErrorTrails.steps(of: error).compactMap(\.site)
    }

    /// `observed at Search.swift:42 map → :43 flatMapLatest → :47 subscribe` for an error a
    /// recorded chain delivered (a site in the same file as the one before shows only `:line`);
    /// `nil` otherwise. The unhandled-error hook and `debug` print it.
    public static func observedSitesLine(of error: any Error) -> String? {
        ErrorTrails.observedAt(error)
    }

    /// Records `observable` as operator `name` applied at `file:line` (called only while recording).
    ///
    /// A subscriber's name (``subscriberNames``: `subscribe`, `bind`, `drive`, `emit`) makes its
    /// subscriptions roots of the snapshot, whatever subscribes them.
    @usableFromInline
    static func record<Element>(
        _ observable: Observable<Element>, as name: StaticString, file: StaticString, line: UInt
    )
        -> Observable<Element>
    {
        record(observable, as: name, site: CallSite(fileID: file, line: line))
    }

    /// Records `observable` as operator `name` applied at `site` (called only while recording).
    @usableFromInline
    static func record<Element>(_ observable: Observable<Element>, as name: StaticString, site: CallSite)
        -> Observable<Element>
    {
        guard let scope = recordingScope() else { return observable }
        let name = "\(name)"
        return InspectedObservable(
            source: observable,
            recorded: RecordedOperator(
                name: name, site: site, tag: nil, isRoot: subscriberNames.contains(name), scope: scope))
    }

    /// Where an operator applied now is recorded: `nil` if it is not; `.some(nil)` globally (the
    /// inspector is enabled); `.some(scope)` in the task's recording scope, or in the scope of the
    /// recorded subscription handling an event on this thread (an inner observable built in a
    /// `flatMap` closure goes where its operator went).
    static func recordingScope() -> RecordingScope?? {
        if let scope = currentScope { return .some(scope) }
        if let scope = InspectionContext.current?.record.scope { return .some(scope) }
        return isEnabled ? .some(nil) : nil
    }

    /// The names ``record(_:as:file:line:)`` treats as subscribers: their subscriptions are roots.
    static let subscriberNames: Set<String> = ["subscribe", "bind", "drive", "emit", "combineModel"]

    /// `tag(_:)` while recording: names the recorded operator `observable` is, or records a node
    /// named `tag` carrying the name.
    static func tag<Element>(_ observable: Observable<Element>, _ tag: String, file: StaticString, line: UInt)
        -> Observable<Element>
    {
        if let inspected = observable as? InspectedObservable<Element> { return inspected.tagged(tag) }
        guard let scope = recordingScope() else { return observable }
        return InspectedObservable(
            source: observable,
            recorded: RecordedOperator(
                name: "tag", site: CallSite(fileID: file, line: line), tag: tag, isRoot: false, scope: scope))
    }

    /// A subject's subscription made while a recorded subscription subscribes or delivers on this
    /// thread: recorded as a leaf named `name` (`PublishSubject`) under it.
    static func subscribeSubject<Element>(
        _ receiver: Receiver<Element>, name: String, subscribe: (Receiver<Element>) -> any Disposable
    ) -> any Disposable {
        guard InspectionContext.isActive else { return subscribe(receiver) }
        return subscribeRecorded(
            receiver, as: RecordedOperator(name: name, site: nil, tag: nil, isRoot: false, scope: nil),
            subscribe: subscribe)
    }

    // MARK: Recording scopes

    /// A recording of its own: chains built while it is the task's ``currentScope`` are recorded
    /// even with the inspector off, and seen only by ``snapshot(scope:)`` (and ``snapshot()``
    /// inside the scope). StreamsTest's leak check records in one, to report a leak as a tree.
    package final class RecordingScope: Sendable {
        /// A new, empty scope.
        package init() {}
    }

    /// The recording scope of the running task, if any.
    @TaskLocal package static var currentScope: RecordingScope?

    /// Runs `body` recording into `scope`.
    package static func withRecording<T>(_ scope: RecordingScope, _ body: () throws -> T) rethrows -> T {
        try GlobalCounter.inspectorRecording.raised { try $currentScope.withValue(scope) { try body() } }
    }

    /// Runs the asynchronous `body` recording into `scope`.
    package static func withRecording<T>(
        _ scope: RecordingScope, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await GlobalCounter.inspectorRecording.raised {
            try await $currentScope.withValue(scope) { try await body() }
        }
    }

    /// The live subscriptions recorded in `scope`.
    package static func snapshot(scope: RecordingScope) -> InspectorSnapshot {
        InspectorSnapshot(InspectionRegistry.liveRecords { $0 === scope })
    }
}

extension ObservableType {
    /// Records this observable as operator `name`, applied at the caller's `file:line`, when the
    /// ``Inspector`` is on; otherwise returns it unchanged. Every operator of the library ends with
    /// it; a custom operator can too.
    ///
    /// Name a subscriber `subscribe`, `bind`, `drive`, `emit` or `combineModel`: its subscriptions
    /// are roots of the snapshot.
    @inlinable
    public func inspected(as name: StaticString, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        asObservable().inspected(as: name, file: file, line: line)  // the `Observable` form below
    }
}

extension Observable {
    /// ``ObservableType/inspected(as:file:line:)`` for an `Observable`, which every operator
    /// builds: it returns `self` without asking for `asObservable()` (a virtual call, and a retain
    /// and release the optimizer cannot remove), so an operator applied while the inspector is off
    /// costs the flag check alone (Docs/Performance.md, S4b).
    @inlinable
    @inline(__always)
    public func inspected(as name: StaticString, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        guard _slowPath(Inspector.isRecording) else { return self }
        return Inspector.record(self, as: name, file: file, line: line)
    }
}
