/// Where main-actor closures were handed to a stream (`drive(onNext:)`, a `MainActorObservable`
/// subscription), captured with default arguments so a report names the app's line.
public struct MainActorCallSite: Sendable {
    /// The `#fileID` of the call.
    public let fileID: String
    /// The `#filePath` of the call.
    public let filePath: StaticString
    /// The `#line` of the call.
    public let line: Int
    /// The `#column` of the call.
    public let column: Int

    /// Captures a call site; pass your own caller's values to forward it.
    public init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
