// Concurrency: a binder holds its target weakly and hands every element to `scheduler` (main by
// default), where the binding runs; it keeps no other state.

/// An observer that applies elements to a target — typically UI — on a scheduler, holding the
/// target weakly (RxCocoa's `Binder`).
///
/// Timing: each element is scheduled on `scheduler` (by default ``SharingScheduler/make()``:
/// ``MainScheduler/instance``, which runs at once when already on the main thread, or a test's
/// scheduler inside `SharingScheduler.mock`). Once the target is gone, elements are ignored.
/// A binder never receives errors in correct code: an error is reported to ``Hooks/unhandledError``
/// (RxCocoa stops the program in debug builds); completion is ignored.
public struct Binder<Value>: ObserverType, @unchecked Sendable {
    // Unchecked Sendable: immutable; the binding closure is @Sendable and the target is held weakly.
    private let apply: @Sendable (Value) -> Void

    /// Creates a binder that runs `binding(target, value)` on `scheduler` for every element.
    public init<Target: AnyObject & Sendable>(
        _ target: Target, scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
        binding: @escaping @Sendable (Target, Value) -> Void
    ) {
        let weakTarget = WeakBox(target)
        apply = { value in
            let carried = BinderValue(value)
            _ = scheduler.schedule(carried) { carried in
                if let target = weakTarget.value { binding(target, carried.value) }
                return Disposables.create()
            }
        }
    }

    /// Applies `.next` elements; reports errors; ignores completion.
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value): apply(value)
        case .error(let error): Hooks.reportUnhandledError(error)
        case .completed: break
        }
    }
}

/// Carries a bound value to the binder's scheduler.
private struct BinderValue<Value>: @unchecked Sendable {
    // Unchecked Sendable: handed once to the scheduler, which runs the binding; elements need not
    // be Sendable (Docs/Concurrency.md).
    let value: Value
    init(_ value: Value) { self.value = value }
}
