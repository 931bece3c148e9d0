extension KeyDecoder {
    /// The key for a finished CSI (`ESC [`) or SS3 (`ESC O`) sequence, or `nil` for one that is ignored.
    static func key(final: UInt8, firstParameter: Int, isSS3: Bool) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M") where isSS3: return .enter
        case UInt8(ascii: "~") where !isSS3:
            switch firstParameter {
            case 1, 7: return .home
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
