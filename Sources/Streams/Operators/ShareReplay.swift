// Concurrency: `share` is `multicast(...).refCount()`; see Multicast.swift for the locking
// (no lock is held while connecting, subscribing, disposing or delivering, and subjects queue
// reentrant sends, so a shared sequence feeding back into its own source cannot deadlock).
//
// States: those of `multicast` and `refCount` (Multicast.swift) and of the subject. The
// connectable's `refCount()` counts an observer and hands it the subject of its generation in one
// transition, so an observer arriving while the last one leaves always gets the subject the
// source feeds next (Multicast.swift's invariant, issue #22).

/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable {
    /// A new subject per connection: once every observer has left or the source has terminated,
    /// the next observer starts afresh (no replay of the old connection's elements).
    case whileConnected
    /// One subject for the lifetime of the shared observable: later observers get its replay, and
    /// after the source terminated, its terminal event.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all observers, replaying up to `replay` latest
    /// elements to each new observer.
    ///
    /// The source is subscribed when the first observer subscribes (after that observer is
    /// registered) and disposed when the last one leaves or the source terminates; `scope`
    /// decides whether the next connection starts with a fresh subject.
    public func share(
        replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        precondition(replay >= 0, "share: replay must not be negative")
        let connectable: ConnectableObservable<Element>
        switch (scope, replay) {
        case (.forever, 0):
            connectable = multicast(PublishSubject<Element>())
        case (.forever, _):
            connectable = multicast(ReplaySubject<Element>.create(bufferSize: replay))
        case (.whileConnected, 0):
            connectable = publish()
        case (.whileConnected, _):
            connectable = self.replay(replay)
        }
        return connectable.makeRefCount().inspected(as: "share", file: file, line: line)
    }
}
