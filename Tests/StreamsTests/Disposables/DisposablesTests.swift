import Streams
import Testing

@Suite struct DisposablesTests {
    @Test func actionRunsOnce() {
        let count = Recorder<Int>()
        let disposable = Disposables.create { count.append(1) }
        disposable.dispose()
        disposable.dispose()
        #expect(count.values == [1])
    }

    @Test func compositeDisposesAllAndLateInsertsAtOnce() {
        let log = Recorder<String>()
        let composite = CompositeDisposable(
            Disposables.create { log.append("a") }, Disposables.create { log.append("b") })
        let key = composite.insert(Disposables.create { log.append("c") })
        composite.remove(for: key!)
        #expect(log.values == ["c"])
        composite.dispose()
        #expect(log.values == ["c", "a", "b"])
        #expect(composite.insert(Disposables.create { log.append("d") }) == nil)
        #expect(log.values == ["c", "a", "b", "d"])
    }

    @Test func serialDisposesPreviousAndLater() {
        let log = Recorder<String>()
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { log.append("first") }
        serial.disposable = Disposables.create { log.append("second") }
        #expect(log.values == ["first"])
        serial.dispose()
        serial.disposable = Disposables.create { log.append("third") }
        #expect(log.values == ["first", "second", "third"])
    }

    @Test func singleAssignmentDisposedBeforeSetDisposesOnSet() {
        let log = Recorder<String>()
        let single = SingleAssignmentDisposable()
        single.dispose()
        single.setDisposable(Disposables.create { log.append("late") })
        #expect(log.values == ["late"])
        #expect(single.isDisposed)
    }

    @Test func disposeBagDisposesOnDeinitAndDropsFinished() {
        let log = Recorder<String>()
        var bag: DisposeBag? = DisposeBag()
        let subject = PublishSubject<Int>()
        for _ in 0..<40 {
            Observable.just(1).subscribe(onNext: { _ in }).disposed(by: bag!)
        }
        subject.subscribe(onDisposed: { log.append("disposed") }).disposed(by: bag!)
        #expect(bag!.count == 1)
        bag = nil
        #expect(log.values == ["disposed"])
        #expect(!subject.hasObservers)
    }

    @Test func subscribeWithOwnerDoesNotRetainOwner() {
        final class Owner: Sendable {}
        let subject = PublishSubject<Int>()
        let seen = Recorder<Int>()
        weak var weakOwner: Owner?
        var subscription: (any Disposable)?
        do {
            let owner = Owner()
            weakOwner = owner
            subscription = subject.subscribe(with: owner, onNext: { _, value in seen.append(value) })
            subject.onNext(1)
        }
        #expect(weakOwner == nil)
        subject.onNext(2)
        #expect(seen.values == [1])
        subscription?.dispose()
    }
}
