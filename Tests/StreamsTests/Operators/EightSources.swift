import Streams
import StreamsTest
import Testing

/// Eight hot sources of eight element types, for the 8-source forms of `combineLatest` and `zip`:
/// `a` emits 1 at 210 and 9 at 290; `b` to `h` each emit one element, at 220 to 280; all complete
/// at 300.
struct EightSources {
    let a: TestableObservable<Int>
    let b: TestableObservable<String>
    let c: TestableObservable<Double>
    let d: TestableObservable<Bool>
    let e: TestableObservable<Character>
    let f: TestableObservable<[Int]>
    let g: TestableObservable<UInt8>
    let h: TestableObservable<Int64>

    init(_ scheduler: TestScheduler) {
        a = scheduler.createHotObservable([.next(210, 1), .next(290, 9), .completed(300)])
        b = scheduler.createHotObservable([.next(220, "b"), .completed(300)])
        c = scheduler.createHotObservable([.next(230, 2.5), .completed(300)])
        d = scheduler.createHotObservable([.next(240, true), .completed(300)])
        e = scheduler.createHotObservable([.next(250, "e"), .completed(300)])
        f = scheduler.createHotObservable([.next(260, [6]), .completed(300)])
        g = scheduler.createHotObservable([.next(270, 7), .completed(300)])
        h = scheduler.createHotObservable([.next(280, 8), .completed(300)])
    }

    /// The events of `combine` over fresh sources; checks that every source was subscribed from
    /// 200 to 300 and that nothing stays alive.
    static func events(_ combine: @escaping (EightSources) -> Observable<String>) -> [Recorded<Event<String>>] {
        let events = expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = EightSources(scheduler)
            let events = scheduler.start { combine(sources) }.events
            #expect(sources.a.subscriptions == [Subscription(200, 300)])
            #expect(sources.h.subscriptions == [Subscription(200, 300)])
            return events
        }
        return events
    }
}

/// The eight values, in source order, as one string.
func eightValuesText(_ values: (Int, String, Double, Bool, Character, [Int], UInt8, Int64)) -> String {
    "\(values.0)\(values.1)\(values.2)\(values.3)\(values.4)\(values.5)\(values.6)\(values.7)"
}
