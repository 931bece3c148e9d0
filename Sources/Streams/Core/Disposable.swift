/// A resource that can be released: a subscription, a scheduled item, a timer.
///
/// `dispose()` is idempotent and safe to call from any thread. After it returns, no new event
/// is delivered to the observer the disposable stands for.
public protocol Disposable: Sendable {
    /// Releases the resource; calling it again does nothing.
    func dispose()

    /// Implementation detail of Streams; do not implement. The library's own disposables answer
    /// with the object (and key) a subscription stores in place of the disposable, which keeps
    /// every subscription two words smaller; every other disposable answers `nil`.
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { get }
}

extension Disposable {
    /// Implementation detail of Streams: `nil`, so the disposable is stored as it is.
    public var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { nil }
}
