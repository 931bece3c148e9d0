// States: none (stateless): while the inspector records, the tag is part of the recorded
// operator's node; otherwise the operator is the source itself.

extension ObservableType {
    /// Names this stream in the ``Inspector``'s snapshot: the node of the operator it follows
    /// carries the tag (or, after something not recorded, a node named `tag` does). Returns this
    /// observable unchanged while the inspector is off.
    ///
    /// Timing: every event passes unchanged, at once; subscribing and disposing subscribe and
    /// dispose the source.
    public func tag(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        let observable = asObservable()
        guard _slowPath(Inspector.isRecording) else { return observable }
        return Inspector.tag(observable, name, file: file, line: line)
    }
}
