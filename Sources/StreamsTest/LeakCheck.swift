import Streams

/// Runs `body` inside its own ``Streams/LiveResources`` scope and records a test failure at the call
/// site if anything the library created in it (sinks, subject subscriptions, scheduled items)
/// is still alive when `body` returns.
///
/// Everything `body` creates is attributed to its task-local scope, so tests running in
/// parallel do not disturb each other. The failure names the StreamsTest objects still alive
/// (test schedulers with their pending work, test observables with their subscriptions):
///
/// ```
/// 2 live resources created inside withLeakCheck were not released
/// still alive: hot TestableObservable<Int> (subscriptions: [(200, never)])
/// ```
public func withLeakCheck(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ body: () throws -> Void
) rethrows {
    try withLeakCheck(fileID: fileID, filePath: filePath, line: line, column: column) { (_: LeakCheck) in try body() }
}

/// ``withLeakCheck(fileID:filePath:line:column:_:)-(_,_,_,_,()->Void)`` whose body can also name app objects that
/// must be gone when it returns — typically what its subscriptions capture:
///
/// ```swift
/// withLeakCheck { leaks in
///     let screen = leaks.track(SearchScreen())
///     screen.start()          // subscribes closures that capture `screen`
///     screen.stop()
/// }   // fails if a subscription still holds `screen`
/// ```
///
/// A tracked object still alive fails the check with its type and where it was tracked, even when
/// every engine resource was released (an object kept by a closure the app stored elsewhere).
public func withLeakCheck(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ body: (LeakCheck) throws -> Void
) rethrows {
    let scope = LiveResources.Scope()
    let recording = Inspector.RecordingScope()
    let tracked = TrackedObjects()
    let named = TrackedObjects()
    try LiveResources.withScope(scope) {
        try Inspector.withRecording(recording) {
            try LeakTracking.$current.withValue(tracked) { try body(LeakCheck(tracked: named)) }
        }
    }
    guard let message = leakMessage(scope: scope, tracked: tracked, named: named, recording: recording) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The `async` form of ``withLeakCheck(fileID:filePath:line:column:_:)-(_,_,_,_,()->Void)``.
public func withLeakCheck(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows {
    try await withLeakCheck(fileID: fileID, filePath: filePath, line: line, column: column) { (_: LeakCheck) in
        try await body()
    }
}

/// The `async` form of ``withLeakCheck(fileID:filePath:line:column:_:)-(_,_,_,_,(LeakCheck)->Void)``.
public func withLeakCheck(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: (LeakCheck) async throws -> Void
) async rethrows {
    let scope = LiveResources.Scope()
    let recording = Inspector.RecordingScope()
    let tracked = TrackedObjects()
    let named = TrackedObjects()
    try await LiveResources.withScope(scope) {
        try await Inspector.withRecording(recording) {
            try await LeakTracking.$current.withValue(tracked) { try await body(LeakCheck(tracked: named)) }
        }
    }
    guard let message = leakMessage(scope: scope, tracked: tracked, named: named, recording: recording) else {
        return
    }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// What a ``withLeakCheck(fileID:filePath:line:column:_:)-(_,_,_,_,(LeakCheck)->Void)`` body tells the check.
public struct LeakCheck: Sendable {
    let tracked: TrackedObjects

    /// Expects `object` to be released by the time the body returns; returns `object`.
    ///
    /// Track what a subscription captures (a view model, a screen, an owner of a `DisposeBag`):
    /// the check then fails if anything still holds it, naming its type and this call's line.
    @discardableResult
    public func track<Object: AnyObject>(_ object: Object, fileID: String = #fileID, line: Int = #line) -> Object {
        let site =
            "\(String(describing: type(of: object))) (tracked at \(fileID.split(separator: "/").last ?? ""):\(line))"
        let reference = WeakObject(object)
        tracked.append { reference.object == nil ? nil : site }
        return object
    }
}

// Unchecked Sendable: a weak reference is safe to read on any thread, and it is only read.
/// A weak reference to an app object, which need not be `Sendable`.
final class WeakObject: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The message for a scope that did not return to zero, or `nil`; `origin` says where the
/// resources were created. With the body's `recording`, it lists the live subscriptions recorded
/// there as the inspector's tree, with the site of each operator.
func leakMessage(
    scope: LiveResources.Scope, tracked: TrackedObjects, named: TrackedObjects? = nil,
    origin: String = "inside withLeakCheck", recording: Inspector.RecordingScope? = nil
) -> String? {
    let count = scope.total
    let namedAlive = named?.aliveDescriptions() ?? []
    guard count != 0 || !namedAlive.isEmpty else { return nil }
    var lines: [String] = []
    if count != 0 {
        let noun = count == 1 ? "resource" : "resources"
        let verb = count == 1 ? "was" : "were"
        lines.append("\(count) live \(noun) created \(origin) \(verb) not released")
        let tree = recording.map { Inspector.snapshot(scope: $0).description } ?? ""
        if !tree.isEmpty {
            lines.append("live subscriptions:")
            lines.append(contentsOf: tree.split(separator: "\n").map { "  \($0)" })
        }
    }
    if !namedAlive.isEmpty {
        let noun = namedAlive.count == 1 ? "object was" : "objects were"
        lines.append("\(namedAlive.count) tracked \(noun) not released: " + namedAlive.joined(separator: ", "))
    }
    var message = lines.joined(separator: "\n")
    let alive = tracked.aliveDescriptions()
    if !alive.isEmpty {
        message += "\nstill alive: " + alive.joined(separator: "\n             ")
    }
    return message
}

/// Weak references to the StreamsTest objects created inside a ``withLeakCheck`` body.
enum LeakTracking {
    /// The registry of the innermost running ``withLeakCheck``.
    @TaskLocal static var current: TrackedObjects?

    /// Remembers `object` (weakly) with a way to describe it, when a leak check is running.
    static func register<Object: AnyObject & Sendable>(
        _ object: Object, describe: @escaping @Sendable (Object) -> String
    ) {
        current?.add(object, describe: describe)
    }
}

/// A list of weakly held objects and their descriptions.
final class TrackedObjects: Sendable {
    private let entries = Locked<[@Sendable () -> String?]>([])

    func add<Object: AnyObject & Sendable>(_ object: Object, describe: @escaping @Sendable (Object) -> String) {
        append { [weak object] in object.map(describe) }
    }

    /// Adds an entry that describes its object while it lives, and answers `nil` once it is gone.
    func append(_ entry: @escaping @Sendable () -> String?) {
        entries.withLock { $0.append(entry) }
    }

    func aliveDescriptions() -> [String] {
        entries.withLock { $0 }.compactMap { $0() }
    }
}

/// `400, 500, 500`, eliding after 10 ticks.
func listTicks(_ ticks: [Int]) -> String {
    let shown = ticks.prefix(10).map(String.init).joined(separator: ", ")
    return ticks.count > 10 ? shown + ", … (\(ticks.count - 10) more)" : shown
}
