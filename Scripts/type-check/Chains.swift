// Long operator chains that RxSwift users write, one function each: in `zip`, `combineLatest`
// and `zip` of three, with each operator dropped in turn, and a chain nested in `flatMap`.
// `.ci/steps/15-type-check.sh` type-checks this file against the built module and fails if any
// expression takes more than 200 ms (`-warn-long-expression-type-checking=200`). Not a target:
// only that step compiles it.
import Streams

func zipFull(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutFilter(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutDistinctUntilChanged(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutScan(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutFlatMapLatest(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutFlatMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutSkip(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutTake(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zipWithoutStartWith(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestFull(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutFilter(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutDistinctUntilChanged(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutScan(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutFlatMapLatest(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutFlatMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutSkip(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .take(n)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutTake(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .startWith(-1)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func combineLatestWithoutStartWith(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.combineLatest(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
    , other) { a, b in a &+ b }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3Full(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutFilter(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutDistinctUntilChanged(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutScan(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutFlatMapLatest(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutFlatMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .skip(1)
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutSkip(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .take(n)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutTake(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .startWith(-1)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func zip3WithoutStartWith(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> any Disposable {
    var total = 0
    let subscription = Observable.zip(subject
        .map { $0 &* 2 }
        .filter { $0 % 3 != 0 }
        .distinctUntilChanged()
        .scan(0) { $0 &+ $1 }
        .flatMapLatest { Observable.just($0) }
        .flatMap { Observable.just($0 &+ 1) }
        .skip(1)
        .take(n)
    , other, other) { a, b, c in a &+ b &+ c }
        .subscribe(onNext: { total &+= $0 })
    _ = total
    return subscription
}

func nestedFlatMap(subject: PublishSubject<Int>, other: Observable<Int>, n: Int) -> Observable<Int> {
    subject.flatMap { value in
        Observable.zip(Observable.just(value).map { $0 &* 2 }.filter { $0 % 3 != 0 }.take(n), other) { a, b in
            a &+ b
        }
        .flatMapLatest { Observable.just($0).startWith(-1) }
    }
}
