/// What ``Inspector/snapshot()`` saw: the live subscriptions as a tree. Its `description` is the
/// tree, indented, one node per line.
///
/// ```text
/// subscribe  Search.swift:47  3 elements, last: "swift"
///   flatMapLatest  Search.swift:43  3 elements, last: "sw"
///     map  Search.swift:42  3 elements, last: "sw"
///       PublishSubject  3 elements, last: "sw"
///     inner: just  Search.swift:44  1 element, last: "swift"
/// ```
public struct InspectorSnapshot: Sendable, CustomStringConvertible {
    /// One recorded subscription of one operator.
    public struct Node: Sendable {
        /// The operator's name (`map`, `flatMapLatest`, `PublishSubject`, `subscribe`).
        public var name: String
        /// Where the app applied the operator, if recorded.
        public var site: CallSite?
        /// The name `tag(_:)` gave the stream, if any.
        public var tag: String?
        /// Elements this node passed.
        public var elements: Int
        /// Errors this node passed (0 or 1).
        public var errors: Int
        /// Completions this node passed (0 or 1).
        public var completions: Int
        /// The last element it passed, described and shortened.
        public var lastElement: String?
        /// `true` for an inner subscription (`flatMapLatest`'s current inner).
        public var isInner: Bool
        /// The subscriptions this one made to its sources (and its inner subscriptions).
        public var sources: [Node]
    }

    /// The subscribers: each one's tree leads up to its sources.
    public var roots: [Node]

    /// The tree, two spaces of indent per level, one node per line in creation order: the name
    /// (`inner: ` first for an inner subscription), the site, the tag, and what passed
    /// (`3 elements, last: "swift"`, `completed`, `failed`). Empty when nothing is recorded.
    public var description: String {
        var lines: [String] = []
        func add(_ node: Node, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + node.line)
            for source in node.sources { add(source, depth: depth + 1) }
        }
        for root in roots { add(root, depth: 0) }
        return lines.joined(separator: "\n")
    }

    /// Every node, depth first in creation order.
    public var allNodes: [Node] {
        var nodes: [Node] = []
        func add(_ node: Node) {
            nodes.append(node)
            node.sources.forEach(add)
        }
        roots.forEach(add)
        return nodes
    }

    /// A snapshot of `roots` (a part of another snapshot, to print or compare only that part).
    public init(roots: [Node]) {
        self.roots = roots
    }

    /// The tree of `records` (live, in creation order): a record goes under its nearest live
    /// ancestor, or is a root.
    init(_ records: [InspectionRecord]) {
        let live = Set(records.map(\.id))
        var children: [UInt64: [InspectionRecord]] = [:]
        var roots: [InspectionRecord] = []
        for record in records {
            var parent = record.parent
            while let candidate = parent, !live.contains(candidate.id) { parent = candidate.parent }
            if let parent {
                children[parent.id, default: []].append(record)
            } else {
                roots.append(record)
            }
        }
        func node(_ record: InspectionRecord) -> Node {
            let counts = record.currentCounts
            return Node(
                name: record.name, site: record.site, tag: record.tag, elements: counts.elements,
                errors: counts.errors, completions: counts.completions, lastElement: counts.lastElement,
                isInner: record.isInner, sources: (children[record.id] ?? []).map(node))
        }
        self.roots = roots.map(node)
    }
}

extension InspectorSnapshot.Node {
    /// The node's line of the snapshot's description, without indent.
    var line: String {
        var line = (isInner ? "inner: " : "") + name
        if let site { line += "  \(site)" }
        if let tag { line += "  tag \"\(tag)\"" }
        var passed: [String] = []
        if elements > 0 {
            passed.append("\(elements) \(elements == 1 ? "element" : "elements"), last: \(lastElement ?? "?")")
        }
        if completions > 0 { passed.append("completed") }
        if errors > 0 { passed.append("failed") }
        if !passed.isEmpty { line += "  " + passed.joined(separator: ", ") }
        return line
    }
}
