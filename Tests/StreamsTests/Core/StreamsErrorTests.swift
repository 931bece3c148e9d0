import Streams
import StreamsTest
import Testing

@Suite struct StreamsErrorTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func theLibrarysErrorsAreRxErrorsUnderEitherName() {
        let error: any Error = StreamsError.noElements
        #expect(error as? RxError == .noElements)
        #expect(RxError.timeout != RxError.noElements)
    }

    @Test func casesDescribeThemselvesAsRxSwiftDoes() {
        #expect(RxError.unknown.debugDescription == "Unknown error occurred.")
        #expect(RxError.overflow.debugDescription == "Arithmetic overflow occurred.")
        #expect(RxError.argumentOutOfRange.debugDescription == "Argument out of range.")
        #expect(RxError.noElements.debugDescription == "Sequence doesn't contain any elements.")
        #expect(RxError.moreThanOneElement.debugDescription == "Sequence contains more than one element.")
        #expect(RxError.timeout.debugDescription == "Sequence timeout.")
    }

    @Test func aDisposedSubjectFailsWithDisposedNamingIt() {
        let subject = BehaviorSubject(value: 1)
        subject.dispose()
        #expect(throws: RxError.disposed(object: subject)) { try subject.value() }
        let failures = Recorder<any Error>()
        _ = subject.subscribe(onError: { failures.append($0) })
        let failure = failures.values.first
        guard case .disposed(let object)? = failure as? RxError else {
            Issue.record("expected RxError.disposed, got \(String(describing: failure))")
            return
        }
        #expect("\(object)" == "BehaviorSubject")
        #expect((failure as? RxError)?.debugDescription == "Object `BehaviorSubject` was already disposed.")
    }

    @Test func disposedErrorsAreEqualWhateverTheObjectAsInRxTest() {
        #expect(RxError.disposed(object: PublishSubject<Int>()) == RxError.disposed(object: PublishSubject<String>()))
        let subject = PublishSubject<Int>()
        subject.dispose()
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.error(200, RxError.disposed(object: subject))])
    }
}
