/// Fuzzes the marble parser (event and subscription marbles) with arbitrary text: it must return a
/// result or a parse error with a column, never crash or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarbleParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = MarbleParser.parseEvents(text, allowsSubscriptionPoint: true)
    _ = MarbleParser.parseEvents(text, allowsSubscriptionPoint: false)
    _ = MarbleParser.parseSubscription(text)
    return 0
}
