/// One observer of a ``RawSubject``: a heap box holding the observer closure.
public final class RawObserverBox {
    /// The observer.
    public let call: (Int) -> Void

    /// Boxes `call`.
    public init(_ call: @escaping (Int) -> Void) { self.call = call }
}

/// The baseline "subject": a raw buffer of unmanaged observer boxes. A delivery is one indirect
/// call per observer with no reference counting; the floor for any push-based subject.
public final class RawSubject {
    private var observers: UnsafeMutablePointer<Unmanaged<RawObserverBox>>
    private var count = 0
    private var capacity: Int

    /// Creates a subject with room for `capacity` observers before it grows.
    public init(capacity: Int = 4) {
        self.capacity = capacity
        observers = .allocate(capacity: capacity)
    }

    deinit {
        for index in 0..<count { observers[index].release() }
        observers.deallocate()
    }

    /// Adds an observer (retained once, here).
    public func subscribe(_ observer: @escaping (Int) -> Void) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Unmanaged<RawObserverBox>>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: observers, count: count)
            observers.deallocate()
            observers = grown
            capacity *= 2
        }
        (observers + count).initialize(to: .passRetained(RawObserverBox(observer)))
        count += 1
    }

    /// Calls every observer with `value`.
    @inline(never)
    public func onNext(_ value: Int) {
        for index in 0..<count {
            observers[index]._withUnsafeGuaranteedRef { $0.call(value) }
        }
    }
}

/// The naive plain-Swift subject: iterating the array retains and releases each closure on every
/// delivery, which shows what ARC alone can cost a library.
public final class ArcSubject {
    private var observers = ContiguousArray<(Int) -> Void>()

    /// Creates an empty subject.
    public init() {}

    /// Adds an observer.
    public func subscribe(_ observer: @escaping (Int) -> Void) { observers.append(observer) }

    /// Calls every observer with `value`.
    @inline(never)
    public func onNext(_ value: Int) {
        for observer in observers { observer(value) }
    }
}
