/// A first-in, first-out ring of elements waiting for serialized delivery.
///
/// Its layout does not depend on `Element` (a pointer and three integers), so code that runs
/// unspecialized — a generic sink called from the app's module — touches it without a runtime
/// metadata lookup, which a `ContiguousArray<Event<Element>>` would cost on every access.
/// The storage is allocated on first use and grows by doubling (its capacity is a power of two,
/// so wrapping an index is a mask, not a division); the owner calls ``destroy()``
/// from its `deinit`.
///
/// Not thread-safe: it lives in the state of a sink and is guarded by that sink's lock.
struct OutputQueue<Element> {
    /// The ring's memory, bound to `Element`; `nil` until the first append. Raw rather than
    /// `UnsafeMutablePointer<Element>?`, whose optional's metadata unspecialized code would look
    /// up at runtime on every access.
    private var memory: UnsafeMutableRawPointer?
    private var capacity = 0
    private var head = 0
    @inline(__always)
    private var storage: UnsafeMutablePointer<Element> {
        memory.unsafelyUnwrapped.assumingMemoryBound(to: Element.self)
    }

    /// The number of queued elements.
    private(set) var count = 0

    /// `true` when nothing is queued.
    @inline(__always) var isEmpty: Bool { count == 0 }

    /// Appends `element`.
    @inline(__always)
    mutating func append(_ element: __owned Element) {
        if count == capacity { grow() }
        (storage + ((head + count) & (capacity - 1))).initialize(to: element)
        count += 1
    }

    /// Removes and returns the oldest element.
    @inline(__always)
    mutating func removeFirst() -> Element {
        precondition(count > 0, "OutputQueue: removeFirst on an empty queue")
        let element = (storage + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        if count == 0 { head = 0 }
        return element
    }

    /// Copies of the queued elements, oldest first.
    var elements: [Element] {
        var copies: [Element] = []
        copies.reserveCapacity(count)
        for index in 0..<count { copies.append((storage + ((head + index) & (capacity - 1))).pointee) }
        return copies
    }

    /// Moves every queued element out, oldest first (to be released after unlocking).
    mutating func removeAll() -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while count > 0 { elements.append(removeFirst()) }
        return elements
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = max(4, capacity * 2)
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        for index in 0..<count {
            (newStorage + index).moveInitialize(from: storage + ((head + index) & (capacity - 1)), count: 1)
        }
        memory?.deallocate()
        memory = UnsafeMutableRawPointer(newStorage)
        capacity = newCapacity
        head = 0
    }

    /// Destroys what is still queued and frees the storage; its owner calls it from `deinit`,
    /// which runs outside every lock.
    mutating func destroy() {
        while count > 0 { _ = removeFirst() }
        memory?.deallocate()
        memory = nil
        capacity = 0
    }
}
