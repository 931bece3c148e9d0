/// Disposables collected under a lock, disposed after unlocking: two inline, more in an array.
///
/// The inline slots hold unmanaged references that the list retains and releases itself, so an
/// empty list is trivial to create, move and drop, and a full one costs one retain and one
/// release per node — no optional-of-class or existential code, which this toolchain outlines
/// into value-witness calls. Non-copyable: a list is moved, never duplicated, and dropping one
/// releases what it still holds.
struct DisposalList: ~Copyable {
    private var first: Unmanaged<DisposableNode>?
    private var firstKey: UInt64 = 0
    private var second: Unmanaged<DisposableNode>?
    private var secondKey: UInt64 = 0
    private var more: Unmanaged<Overflow<NodeLink>>?
    private(set) var count = 0

    init() {}

    deinit {
        first?.release()
        second?.release()
        more?.release()
    }

    /// `true` when nothing waits.
    @inline(__always) var isEmpty: Bool { count == 0 }

    mutating func append(_ link: __owned NodeLink) {
        switch count {
        case 0:
            first = .passRetained(link.node)
            firstKey = link.key
        case 1:
            second = .passRetained(link.node)
            secondKey = link.key
        default:
            Overflow.append(link, to: &more)
        }
        count += 1
    }

    /// Takes everything out, leaving the list empty.
    mutating func take() -> DisposalList {
        let taken = consume self
        self = DisposalList()
        return taken
    }

    /// Moves everything into `other`, in order.
    mutating func moveAll(into other: inout DisposalList) {
        guard count > 0 else { return }
        if other.isEmpty {
            other = take()
            return
        }
        let taken = take()
        taken.visit { other.append($0) }
    }

    /// Calls `body` with each link, in the order appended.
    func visit(_ body: (NodeLink) -> Void) {
        if let first { body(NodeLink(node: first.takeUnretainedValue(), key: firstKey)) }
        if let second { body(NodeLink(node: second.takeUnretainedValue(), key: secondKey)) }
        guard let more else { return }
        for link in more.takeUnretainedValue().values { body(link) }
    }

    /// Disposes everything, in the order appended; dropping the list then releases it.
    func disposeAll() {
        guard count > 0 else { return }
        visit { $0.dispose() }
    }
}
