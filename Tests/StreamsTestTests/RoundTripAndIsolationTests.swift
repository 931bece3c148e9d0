import Foundation
import Streams
import StreamsTest
import TestSupport
import Testing

@Suite struct TimelineRoundTripTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A drawn timeline is itself a valid marble: parsing the `actual:` line of a failure gives
    /// back the events it was drawn from (whenever nothing had to be elided or pushed right).
    @Test func drawnTimelinesParseBackToTheSameEvents() {
        var generator = SplitMix64(seed: 42)
        var checked = 0
        for _ in 0..<500 {
            var events: [Recorded<Event<Int>>] = []
            var frame = Int(generator.next() % 8) - 5
            for _ in 0..<Int(generator.next() % 6) {
                frame += Int(generator.next() % 4)
                events.append(.next(200 + 10 * frame, Int(generator.next() % 3) + 1))
            }
            switch generator.next() % 3 {
            case 0: events.append(.completed(200 + 10 * (frame + 1)))
            case 1: events.append(.error(200 + 10 * (frame + 2), MarbleError()))
            default: break
            }
            guard let message = diffEvents(events, []) else { continue }
            let lines = message.split(separator: "\n").map(String.init)
            // `range(of:)`, not `contains(_:)`, whose String overload needs macOS 13 / iOS 16.
            guard let scale = lines.last(where: { $0.hasPrefix("(") }), scale.range(of: "{n}") == nil,
                scale.range(of: "pushed right") == nil, scale.range(of: "1 frame = 10 ticks") != nil,
                let drawn = lines.first(where: { $0.hasPrefix("actual:") })
            else { continue }
            let marbles = String(drawn.dropFirst("actual:".count))
            let parsed = scheduler.createHotObservable(marbles, values: ["1": 1, "2": 2, "3": 3])
            #expect(parsed.recordedEvents == events, "\(marbles)")
            checked += 1
        }
        #expect(checked > 100)
    }
}

@Suite struct MarbleDiagramTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// `marbleDiagram` either returns nil or a diagram that parses back to exactly its input.
    @Test func diagramsParseBackExactly() {
        var generator = SplitMix64(seed: 7)
        let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]
        var exact = 0
        for _ in 0..<500 {
            var events: [Recorded<Event<Int>>] = []
            var time = 200 + 10 * (Int(generator.next() % 8) - 5)
            for _ in 0..<Int(generator.next() % 6) {
                time += [0, 5, 10, 20, 30][Int(generator.next() % 5)]
                events.append(.next(time, Int(generator.next() % 4) + 1))
            }
            if generator.next() % 2 == 0 { events.append(.completed(time + 10)) }
            guard let diagram = marbleDiagram(events, values: values) else { continue }
            let parsed = scheduler.createHotObservable(diagram, values: values)
            #expect(parsed.recordedEvents == events, "\(diagram)")
            exact += 1
        }
        #expect(exact > 50)
    }

    @Test func inexactDiagramsAreNil() {
        let values: [Character: Int] = ["a": 1, "b": 2]
        #expect(marbleDiagram([.next(215, 1)], values: values) == nil)  // between frames
        #expect(marbleDiagram([.next(210, 1), .next(210, 2), .next(220, 1)], values: values) == nil)  // crowded
        #expect(marbleDiagram([.next(210, 3)], values: values) == nil)  // no name
        #expect(marbleDiagram([.next(190, 1), .next(200, 2)], values: values) == nil)  // event on the ^ frame
        #expect(marbleDiagram([.next(210, 1), .next(210, 2), .completed(250)], values: values) == "-(ab)|")
        #expect(marbleDiagram([.next(180, "x"), .completed(210)]) == "x-^|")
        #expect(marbleDiagram([.next(210, "xy")]) == nil)
        #expect(marbleDiagram([Recorded<Event<String>>]()) == "")
    }

    @Test func subscriptionDiagrams() {
        #expect(subscriptionMarbles([Subscription(200, 240), Subscription(230)]) == ["^---!", "---^"])
        #expect(subscriptionMarbles([Subscription(220, 220)]) == ["--(^!)"])
        #expect(subscriptionMarbles([Subscription(190, 240)]) == nil)
        #expect(subscriptionMarbles([Subscription(200, 245)]) == nil)
    }
}

@Suite struct LeakCheckIsolationTests {
    /// Two leak checks run at the same time: one keeps a subscription alive while the other
    /// finishes. Each scope counts only its own resources, so both pass.
    @Test func concurrentChecksDoNotSeeEachOthersResources() async {
        let otherCreated = Flag()
        let firstDone = Flag()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withLeakCheck {
                    while !otherCreated.isSet { await Task.yield() }
                    let subject = PublishSubject<Int>()
                    let subscription = subject.map { $0 }.subscribe { _ in }
                    subject.onNext(1)
                    subscription.dispose()
                }
                firstDone.set()
            }
            group.addTask {
                await withLeakCheck {
                    let subject = PublishSubject<Int>()
                    let subscription = subject.filter { $0 > 0 }.subscribe { _ in }
                    otherCreated.set()
                    while !firstDone.isSet { await Task.yield() }
                    subscription.dispose()
                }
            }
        }
    }
}

/// A flag shared between tasks.
private final class Flag: Sendable {
    private let value = Locked(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
