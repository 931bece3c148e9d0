import Streams
import StreamsTest
import Testing

@Suite struct WithUnretainedTests {
    let scheduler = TestScheduler(initialClock: 0)

    final class Owner: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// Holds the owner strongly until the test lets it go.
    final class OwnerSlot: Sendable {
        private let slot: Locked<Owner?>
        init(_ owner: Owner) { slot = Locked(owner) }
        var owner: Owner? { slot.withLock { $0 } }
        func release() { slot.withLock { $0 = nil } }
    }

    @Test func combinesTheObjectWithEachElement() {
        let slot = OwnerSlot(Owner(id: 100))
        let xs = scheduler.createHotObservable("z----^ab--|", values: ["z": 0, "a": 1, "b": 2])
        let res = scheduler.start { xs.withUnretained(slot.owner!) { owner, value in owner.id + value } }
        assertMarbles(res, "     ^xy--|", values: ["x": 101, "y": 102])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func tupleFormPairsTheObjectWithTheElement() {
        let slot = OwnerSlot(Owner(id: 7))
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.withUnretained(slot.owner!).map { owner, value in "\(owner.id)/\(value)" } }
        #expect(res.events == [.next(210, "7/1"), .completed(250)])
    }

    @Test func completesAtTheFirstElementAfterTheObjectIsGone() {
        let slot = OwnerSlot(Owner(id: 100))
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(250)])
        scheduler.scheduleAt(220) { slot.release() }
        let res = scheduler.start { xs.withUnretained(slot.owner!) { owner, value in owner.id + value } }
        #expect(res.events == [.next(210, 101), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func doesNotKeepTheObjectAlive() {
        weak var weakOwner: Owner?
        let subject = PublishSubject<Int>()
        let subscription: any Disposable
        do {
            let owner = Owner(id: 1)
            weakOwner = owner
            subscription = subject.withUnretained(owner).subscribe { _ in }
        }
        #expect(weakOwner == nil)
        subscription.dispose()
    }

    @Test func forwardsErrorsAndUnsubscribesOnDisposal() {
        let slot = OwnerSlot(Owner(id: 100))
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.withUnretained(slot.owner!) { owner, value in owner.id + value } }
        #expect(res.events == [.next(210, 101), .error(250, TestError())])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .completed(300)])
        let disposed = other.start(disposed: 250) {
            ys.withUnretained(slot.owner!) { owner, value in owner.id + value }
        }
        #expect(disposed.events == [.next(210, 101)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        let owner = Owner(id: 0)
        #expect(singleSourceLeftovers { $0.withUnretained(owner) { owner, value in owner.id + value } } == 0)
        #expect(singleSourceLeftovers { $0.withUnretained(Owner(id: 1)) { owner, value in owner.id + value } } == 0)
    }
}
