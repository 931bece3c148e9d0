import Foundation

// Fuzz builds compile SearchDemo's sources with swiftc directly, without SwiftPM's generated
// resource accessor; the catalog fuzzer loads the JSON from the path in FUZZ_CATALOG instead.
extension Bundle {
    static var module: Bundle { .main }
}
