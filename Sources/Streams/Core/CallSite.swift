/// Where the app wrote a call, captured with default arguments so a report names the app's line:
/// a StreamsTest assertion, main-actor closures handed to a stream (`drive(onNext:)`, a
/// `MainActorObservable` subscription), an operator recorded by the ``Inspector``.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The `#fileID` of the call (`Module/File.swift`).
    public let fileID: String
    /// The `#filePath` of the call (an operator's site, which records only `#fileID`, repeats it here).
    public let filePath: StaticString
    /// The `#line` of the call.
    public let line: Int
    /// The `#column` of the call (0 when not recorded, as for an operator's site).
    public let column: Int

    /// Captures a call site; pass your own caller's values to forward it.
    public init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// An operator's site: the two words every operator takes (`#fileID`, `#line`).
    public init(fileID: StaticString, line: UInt) {
        self.init(fileID: "\(fileID)", filePath: fileID, line: Int(line), column: 0)
    }

    /// The file's name and the line, as a report shows them: `Search.swift:42`.
    public var description: String {
        let name = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return "\(name):\(line)"
    }

    /// Whether two sites name the same file, line and column (the `#filePath` is not compared).
    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.fileID == rhs.fileID && lhs.line == rhs.line && lhs.column == rhs.column
    }
}
