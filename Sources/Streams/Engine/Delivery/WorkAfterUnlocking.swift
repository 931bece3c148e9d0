/// What a transition of a ``SerializingSink`` left to do after unlocking. Not generic (nor nested
/// in the generic sink), so handling it needs no runtime type metadata.
struct WorkAfterUnlocking: ~Copyable {
    var disposals = DisposalList()
    var releases = ReleaseList()
    var timerDue = TimerSlot.Due.none
    var timerGeneration: UInt64 = 0
    let deliver: Bool

    init(deliver: Bool) { self.deliver = deliver }
}
