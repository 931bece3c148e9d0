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
