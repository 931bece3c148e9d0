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

/// Factories for simple disposables.
public enum Disposables {
    /// A disposable that does nothing (no allocation).
    public static func create() -> any Disposable { NopDisposable() }

    /// A disposable that runs `dispose` exactly once, on the first `dispose()` call.
    public static func create(with dispose: @escaping @Sendable () -> Void) -> any Disposable {
        ActionDisposable(dispose)
    }

    /// A disposable that disposes both arguments.
    public static func create(_ first: any Disposable, _ second: any Disposable) -> any Disposable {
        CompositeDisposable(first, second)
    }

    /// A disposable that disposes all arguments.
    public static func create(_ disposables: any Disposable...) -> any Disposable {
        CompositeDisposable(disposables: disposables)
    }

    /// A disposable that disposes every element of `disposables`.
    public static func create(_ disposables: [any Disposable]) -> any Disposable {
        CompositeDisposable(disposables: disposables)
    }
}

/// The disposable that does nothing; a value type, so returning it allocates nothing.
struct NopDisposable: Disposable {
    func dispose() {}

    /// The shared no-op node, with the key that says "nothing to keep": a subscription drops it
    /// instead of storing it, and finds that out without asking for the disposable's dynamic type.
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (DisposableNode.none, NodeLink.nothingKey) }
}
