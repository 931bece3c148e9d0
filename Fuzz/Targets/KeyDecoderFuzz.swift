/// Fuzzes the terminal key decoder (arbitrary bytes, split into reads at arbitrary points) and the
/// display-width functions on whatever text the decoder produced, typed or pasted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var decoder = KeyDecoder()
    var text = ""
    var start = 0
    while start < bytes.count {
        let length = Int(bytes[start] % 7) + 1
        let end = min(bytes.count, start + length)
        for key in decoder.decode(bytes[start..<end]) {
            switch key {
            case .character(let character): text.append(character)
            case .paste(let pasted):
                // Pasted text is never a control character: line breaks and tabs arrived as spaces.
                precondition(
                    !pasted.isEmpty && !pasted.unicodeScalars.contains { $0.properties.generalCategory == .control })
                text += pasted
            default: break
            }
        }
        start = end
    }
    _ = decoder.flush()
    _ = DisplayWidth.of(text)
    _ = DisplayWidth.truncate(text, toWidth: Int(size % 40))
    _ = DisplayWidth.pad(text, toWidth: Int(size % 40))
    return 0
}
