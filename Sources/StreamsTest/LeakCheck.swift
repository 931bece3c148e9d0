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
    let scope = LiveResources.Scope()
    let tracked = TrackedObjects()
    try LiveResources.withScope(scope) {
        try LeakTracking.$current.withValue(tracked) { try body() }
    }
    guard let message = leakMessage(scope: scope, tracked: tracked) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The `async` form of ``withLeakCheck(fileID:filePath:line:column:_:)``.
public func withLeakCheck(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows {
    let scope = LiveResources.Scope()
    let tracked = TrackedObjects()
    try await LiveResources.withScope(scope) {
        try await LeakTracking.$current.withValue(tracked) { try await body() }
    }
    guard let message = leakMessage(scope: scope, tracked: tracked) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The message for a scope that did not return to zero, or `nil`; `origin` says where the
/// resources were created.
func leakMessage(
    scope: LiveResources.Scope, tracked: TrackedObjects, origin: String = "inside withLeakCheck"
) -> String? {
    let count = scope.total
    guard count != 0 else { return nil }
    let noun = count == 1 ? "resource" : "resources"
    let verb = count == 1 ? "was" : "were"
    var message = "\(count) live \(noun) created \(origin) \(verb) not released"
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
    private let entries = LockedValue<[@Sendable () -> String?]>([])

    func add<Object: AnyObject & Sendable>(_ object: Object, describe: @escaping @Sendable (Object) -> String) {
        let entry: @Sendable () -> String? = { [weak object] in object.map(describe) }
        entries.withValue { $0.append(entry) }
    }

    func aliveDescriptions() -> [String] {
        entries.withValue { $0 }.compactMap { $0() }
    }
}

/// A value behind a lock.
final class LockedValue<Value>: @unchecked Sendable {  // `value` guarded by `lock`
    private let lock = NSLockLike()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}

/// `400, 500, 500`, eliding after 10 ticks.
func listTicks(_ ticks: [Int]) -> String {
    let shown = ticks.prefix(10).map(String.init).joined(separator: ", ")
    return ticks.count > 10 ? shown + ", … (\(ticks.count - 10) more)" : shown
}
