import Foundation

/// The `rx` namespace: extend `Reactive where Base: YourType` to add reactive members to a type
/// (RxSwift's `Reactive`).
///
/// Every writable property of a `Sendable` class is also reachable as a ``Binder``
/// (`object.rx.title`), which sets the property on the binder's scheduler (main by default,
/// see ``Binder``) and holds the object weakly.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// Extensions of `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of ``base`` (see ``Binder`` for timing).
    public subscript<Property>(
        dynamicMember keyPath: any ReferenceWritableKeyPath<Base, Property> & Sendable
    ) -> Binder<Property> where Base: AnyObject & Sendable {
        Binder(base) { base, value in base[keyPath: keyPath] = value }
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type with an `rx` namespace (RxSwift's `ReactiveCompatible`); `NSObject` adopts it.
public protocol ReactiveCompatible {
    /// The type the namespace extends.
    associatedtype ReactiveBase

    /// Reactive extensions of the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// Reactive extensions of the value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// Reactive extensions of the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}  // settable, so that mutating extensions can be written against it, as in RxSwift
    }

    /// Reactive extensions of the value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}  // settable, so that mutating extensions can be written against it, as in RxSwift
    }
}

extension NSObject: ReactiveCompatible {}
