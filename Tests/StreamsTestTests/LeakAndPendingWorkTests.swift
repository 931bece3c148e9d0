import Dispatch
import Streams
import StreamsTest
import Testing

@Suite struct LeakCheckTests {
    @Test func passesWhenEverythingIsReleased() {
        let failures = capturedFailures {
            withLeakCheck {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable("-a-b-|", values: ["a": 1, "b": 2])
                let res = scheduler.start { xs.map { $0 * 2 }.filter { $0 > 2 } }
                assertMarbles(res, "---b-|", values: ["b": 4])
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func failsAndNamesTheTestObjectsStillAlive() {
        let kept = Locked<[any Sendable]>([])
        let failures = capturedFailures {
            withLeakCheck {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable("-a-b-|", values: ["a": 1, "b": 2])
                scheduler.advanceTo(215)
                let subscription = xs.map { $0 }.subscribe { _ in }
                kept.withLock { $0 = [xs, subscription, scheduler] }
            }
        }
        #expect(failures.count == 1)
        let lines = failures.first?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.first?.hasSuffix("created inside withLeakCheck were not released") == true)
        #expect(lines.contains("still alive: TestScheduler (clock 215, pending work at t=230, 250)"))
        #expect(lines.contains("             hot TestableObservable<Int> (subscriptions: [(215, never)])"))
        // Run the rest, so the hot observable completes and the scheduler's queue lets go of it.
        (kept.withLock { $0.last } as? TestScheduler)?.start()
        kept.withLock { $0 = [] }
    }

    @Test func asyncBodiesAreCheckedToo() async {
        let subject = PublishSubject<Int>()
        await withLeakCheck {
            await Task.yield()
            let subscription = subject.filter { $0 > 0 }.subscribe { _ in }
            subject.onNext(1)
            subscription.dispose()
        }
    }
}

@Suite struct PendingWorkTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func listsWhatIsStillScheduled() {
        let xs = scheduler.createHotObservable("-a-|", values: ["a": 1])
        scheduler.advanceTo(215)
        #expect(scheduler.pendingWork == [230])
        #expect(scheduler.pendingWorkMessage() == "TestScheduler has 1 pending action at t=230 (clock is 215)")
        let failures = capturedFailures { scheduler.assertNoPendingWork() }
        #expect(failures == ["TestScheduler has 1 pending action at t=230 (clock is 215)"])
        scheduler.start()
        #expect(scheduler.pendingWork.isEmpty)
        scheduler.assertNoPendingWork()
        #expect(xs.recordedEvents.count == 2)
    }

    @Test func disposedWorkIsNotPending() {
        let first = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in Disposables.create() }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in Disposables.create() }
        first.dispose()
        #expect(scheduler.pendingWorkMessage() == "TestScheduler has 2 pending actions at t=60, 60 (clock is 0)")
    }
}

@Suite struct UnimplementedSchedulerTests {
    @Test func anyUseIsAFailureAtTheSchedulersCreation() {
        let line = #line + 1
        let scheduler = UnimplementedScheduler("search debounce")
        let ran = Locked(false)
        let failures = capturedFailures {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
                ran.withLock { $0 = true }
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in Disposables.create() }
            _ = scheduler.now
        }
        #expect(
            failures == [
                "search debounce: scheduleRelative(_:dueTime: 1s, action:) was called, but this path must not use a scheduler",
                "search debounce: schedule(_:action:) was called, but this path must not use a scheduler",
                "search debounce: now was called, but this path must not use a scheduler",
            ])
        #expect(ran.withLock { $0 } == false)
        let locations = capturedFailureLocations {
            _ = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { $0 }
        }
        #expect(locations.map(\.line) == [line])
    }

    @Test func pathsThatNeedNoSchedulerPass() {
        let scheduler = UnimplementedScheduler()
        let values = Locked<[Int]>([])
        _ = Observable.just(1).map { $0 + 1 }.subscribe { event in
            if let element = event.element { values.withLock { $0.append(element) } }
        }
        _ = scheduler
        #expect(values.withLock { $0 } == [2])
    }
}

/// `withLeakCheck { leaks in … leaks.track(object) }`: what a subscription captured must be gone.
@Suite struct LeakCheckTrackingTests {
    final class Screen: @unchecked Sendable {  // touched only on the test's thread
        var subscription: (any Disposable)?
        let offset = 1
    }

    @Test func passesWhenTheTrackedObjectIsReleasedByTheEndOfTheSubscription() {
        let subject = PublishSubject<Int>()
        let failures = capturedFailures {
            withLeakCheck { leaks in
                let screen = leaks.track(Screen())
                screen.subscription = subject.subscribe(onNext: { _ = $0 + screen.offset })
                subject.onNext(1)
                screen.subscription?.dispose()
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func failsNamingAnObjectThatALiveSubscriptionCaptured() {
        let subject = PublishSubject<Int>()
        let trackedAt = Locked(0)
        let failures = capturedFailures {
            withLeakCheck { leaks in
                let (screen, line) = (leaks.track(Screen()), #line)
                trackedAt.withLock { $0 = line }
                screen.subscription = subject.subscribe(onNext: { _ = $0 + screen.offset })
            }
        }
        let line = trackedAt.withLock { $0 }
        #expect(
            failures == [
                oneLiveSubscriptionReport(subscribedAt: "LeakAndPendingWorkTests.swift:\(line + 2)")
                    + "\n1 tracked object was not released: Screen (tracked at LeakAndPendingWorkTests.swift:\(line))"
            ])
        subject.onCompleted()  // ends the cycle screen → subscription → closure → screen
    }

    @Test func failsOnATrackedObjectEvenWhenEveryResourceWasReleased() {
        let kept = Locked<[@Sendable () -> Void]>([])
        let trackedAt = Locked(0)
        let failures = capturedFailures {
            withLeakCheck { leaks in
                let (screen, line) = (leaks.track(Screen()), #line)
                trackedAt.withLock { $0 = line }
                let subscription = Observable.just(1).subscribe(onNext: { _ = $0 + screen.offset })
                kept.withLock { $0.append { _ = screen.offset } }
                subscription.dispose()
            }
        }
        let line = trackedAt.withLock { $0 }
        #expect(
            failures == ["1 tracked object was not released: Screen (tracked at LeakAndPendingWorkTests.swift:\(line))"]
        )
        kept.withLock { $0 = [] }
    }

    @Test func asyncBodiesTrackToo() async {
        let subject = PublishSubject<Int>()
        await withLeakCheck { leaks in
            let screen = leaks.track(Screen())
            screen.subscription = subject.subscribe(onNext: { _ = $0 + screen.offset })
            subject.onCompleted()
            let first = try? await Observable.just(screen.offset).values.first { _ in true }
            #expect(first == 1)
        }
    }
}
