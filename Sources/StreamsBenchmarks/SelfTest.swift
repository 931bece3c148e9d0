import BenchmarkSupport
import CMallocCounter
import Streams

#if canImport(Glibc)
    import Glibc
#endif

/// `--selftest`: proves the interposed counter sees allocations from C, from the Swift runtime
/// (`swift_allocObject` → malloc) and from the library, and that mallinfo2 moves.
enum SelfTest {
    final class Probe {
        var value = 0
    }

    static func run() -> Bool {
        streams_alloc_reset()
        streams_alloc_enable(true)
        let objects = (0..<1000).map { _ in opaqueSink(Probe()) }
        streams_alloc_enable(false)
        let swiftAllocs = streams_alloc_count()

        free(opaqueSink(malloc(16)))  // instantiates opaqueSink's metadata outside the count
        let heapBefore = streams_mallinfo_used()
        streams_alloc_reset()
        streams_alloc_enable(true)
        let raw = opaqueSink(malloc(1 << 20))
        streams_alloc_enable(false)
        let heapDelta = streams_mallinfo_used() - heapBefore
        let cAllocs = streams_alloc_count()
        let cBytes = streams_alloc_bytes()
        free(raw)

        let subject = PublishSubject<Int>()
        let acc = Acc()
        subject.map { $0 &+ 1 }.subscribe(onNext: { acc.put($0) }).dispose()  // first use instantiates metadata
        streams_alloc_reset()
        streams_alloc_enable(true)
        let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: { acc.put($0) })
        streams_alloc_enable(false)
        let libraryAllocs = streams_alloc_count()
        subscription.dispose()

        let interposed = streams_alloc_interposed()
        print("selftest interposed=\(interposed ? "yes" : "no")")
        print("selftest swift_allocObject: 1000 objects (+ array) counted \(swiftAllocs) mallocs (expect ≥ 1000)")
        print("selftest malloc(1 MiB): counted \(cAllocs) call(s), \(cBytes) bytes; mallinfo2 Δ = \(heapDelta) bytes")
        print("selftest Streams subscribe (subject.map.subscribe, second time): \(libraryAllocs) mallocs")
        _ = objects.count
        let ok =
            interposed && swiftAllocs >= 1000 && cAllocs == 1 && cBytes == 1 << 20 && heapDelta >= 1 << 20
            && libraryAllocs > 0
        print("selftest \(ok ? "ok" : "FAILED")")
        return ok
    }
}
