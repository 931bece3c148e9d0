import Streams

/// Counts the probes of one test that are alive, and records, for each probe released, how many
/// engine locks its releasing thread held (`HeldLocks.count`, counted in debug builds).
final class Census: Sendable {
    private let created = Counter()
    private let released = Counter()
    private let underLock = Recorder<String>()

    /// Probes created and not yet released.
    var live: Int { created.value - released.value }

    /// The names of the probes whose `deinit` ran while the thread held an engine lock, with the
    /// number of locks held (`"b@1"`): user code under a library lock. Must stay empty.
    var releasedUnderLock: [String] { underLock.values }

    fileprivate func born() { created.increment() }

    fileprivate func died(_ name: String) {
        let held = HeldLocks.count
        if held != 0 { underLock.append("\(name)@\(held)") }
        released.increment()
    }
}

/// An element whose life can be watched: it counts itself in a ``Census``, owns a `DisposeBag`
/// (as a view model owns the subscriptions it made), and may run an action from its `deinit`.
///
/// The action runs first, then the bag is disposed with the probe's stored properties: both are
/// user code that runs wherever the library releases the element.
final class Probe: Sendable {
    /// The probe's name in recorded events.
    let name: String
    /// Subscriptions owned by this element; disposed when it is released.
    let bag = DisposeBag()
    private let census: Census?
    private let onDeinit: (@Sendable () -> Void)?

    init(_ name: String, census: Census? = nil, onDeinit: (@Sendable () -> Void)? = nil) {
        self.name = name
        self.census = census
        self.onDeinit = onDeinit
        census?.born()
    }

    deinit {
        census?.died(name)
        onDeinit?()
    }
}

/// Hands one value from the code that makes it to the scheduled step that sends it, so that
/// after the send the library holds the only reference. Used on one thread only.
final class Parked<Value> {
    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// The parked value, still parked; `nil` once taken.
    var current: Value? { value }

    /// The parked value; `nil` after the first call.
    func take() -> Value? {
        defer { value = nil }
        return value
    }
}
