/// Engine bugs the tests in this folder found, each expected as a known issue where it shows, so
/// the suite passes until the fix and then reports every place that no longer needs the marker.
enum KnownEngineBug {
    /// Found by the probes: an operator releases what it delivered under its own lock.
    static let sinkDrain = """
        SerializingSink.drainQueued releases each element it delivered only after re-taking the sink's \
        lock (the loop's `element` lives to the end of the loop body), so the element's deinit runs \
        under the operator's lock: disposing the subscription from it deadlocks, and so does sending \
        into the source of an operator that delivers from its timer (delay)
        """

    /// Found by the probes: a subject releases queued elements, and the observers a stop event
    /// removed, under its lock.
    static let subjectDrain = """
        SubjectCore.drainQueued releases each work item (an element sent while a delivery ran) and \
        observer snapshot only after re-taking the subject's lock (loop locals live to the end of \
        the loop body); after a stop event the snapshot is the last owner of the removed observers, \
        so an operator freed by its source's completion or error releases its elements under the \
        source subject's lock: subscribing or sending to that subject from the element's deinit \
        deadlocks
        """

    /// Found by the retention tests: disposing a ReplaySubject keeps its buffer.
    static let disposedSubjectKeepsBuffer = """
        SubjectCore.dispose() releases the observers and the queued work but not the policy's \
        storage, so a disposed ReplaySubject keeps its buffer alive until the subject itself is \
        deallocated (RxSwift empties the buffer in dispose())
        """
}
