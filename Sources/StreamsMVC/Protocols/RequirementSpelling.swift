/// Lets a protocol requirement have two spellings — the current one and RxMVC's first one, such
/// as `flatMapToAction(event:)` and `flatMapEventToAction(_:)` — each with a default that calls
/// the other, so a conformer implements whichever it likes.
///
/// A conformer that implements neither would make the two defaults call each other forever. Each
/// default therefore runs the other through ``forward(from:requirement:_:)``, which remembers (per
/// task, per conforming type) that the type is already forwarding and, when the other default
/// comes back for the same type, stops with a message naming the requirement.
enum RequirementSpelling {
    @TaskLocal private static var forwarding: [ObjectIdentifier] = []

    /// Runs `body` (the other spelling) for `conformer`, or stops with a message if `conformer`
    /// is already forwarding, i.e. implements neither spelling of `requirement`.
    static func forward<Result>(from conformer: Any.Type, requirement: String, _ body: () -> Result) -> Result {
        let id = ObjectIdentifier(conformer)
        let current = forwarding
        precondition(
            !current.contains(id),
            "\(conformer) conforms to \(requirement) without implementing it: implement one of its two spellings")
        return $forwarding.withValue(current + [id], operation: body)
    }
}
