/// A weak reference that can cross threads.
final class WeakBox<Value: AnyObject & Sendable>: Sendable {
    weak let value: Value?
    init(_ value: Value) { self.value = value }
}
