/// Everything a blocking subscription received: the elements, and how the sequence ended
/// (RxBlocking's `MaterializedSequenceResult`).
public enum MaterializedSequenceResult<Element> {
    /// The sequence completed after emitting `elements`.
    case completed(elements: [Element])
    /// The sequence failed with `error` (or timed out with ``Streams/StreamsError/timeout``)
    /// after emitting `elements`.
    case failed(elements: [Element], error: any Error)
}
