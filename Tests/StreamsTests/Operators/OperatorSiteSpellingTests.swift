import Streams
import Testing

/// The spellings RxSwift code uses still compile and mean what they meant now that every operator
/// takes `file:` and `line:` last: key paths as transforms, trailing closures, variadic sources.
@Suite struct OperatorSiteSpellingTests {
    @Test func rxSwiftSpellingsCompileUnchanged() {
        let log = Log()
        let subject = PublishSubject<Int>()
        let first = subject.map(\.description).startWith("a", "b")
        let second = Observable.of("c", "d").concat(Observable.just("e"))
        let subscription = Observable.concat(first.take(3), second).subscribe { event in log.append("\(event)") }
        subject.onNext(1)
        #expect(log.items == ["next(a)", "next(b)", "next(1)", "next(c)", "next(d)", "next(e)", "completed"])
        subscription.dispose()
        let merged = Observable.merge(subject.asObservable(), subject.asObservable()).filter { $0 > 1 }
        let elements = Log()
        let mergedSubscription = merged.subscribe { element in elements.append("\(element)") }
        subject.onNext(2)
        #expect(elements.items == ["next(2)", "next(2)"])
        mergedSubscription.dispose()
    }
}
