import Streams

#if canImport(XCTest)
    import XCTest
#endif

// `SingleEvent` is `Result<Element, any Error>`, which cannot conform to `Equatable` (its failure
// type is not), so tests compare single results with these, as RxTest's `XCTAssertEqual` does.
// `MaybeEvent`, `CompletableEvent`, `InfallibleEvent` and `Event` are `Equatable` in `Streams`.

/// `true` when both are the same success value, or failures with equal errors (``Streams/errorsEqual(_:_:)``).
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let l), .success(let r)): return l == r
    case (.failure(let l), .failure(let r)): return errorsEqual(l, r)
    default: return false
    }
}

/// `true` when both lists hold equal single results (see the single-result `==`) in the same order.
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

#if canImport(XCTest)
    /// Fails the XCTest test unless the two lists of single results are equal (RxTest's overload).
    public func XCTAssertEqual<Element: Equatable>(
        _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(lhs == rhs, "\(lhs) is not equal to \(rhs)", file: file, line: line)
    }
#endif
