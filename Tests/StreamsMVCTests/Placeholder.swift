import Testing

@Test func StreamsMVCTestsPlaceholder() { #expect(Bool(true)) }
