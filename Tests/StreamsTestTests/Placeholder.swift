import Testing

@Test func StreamsTestTestsPlaceholder() { #expect(Bool(true)) }
