import Testing

@Test func StreamsTestsPlaceholder() { #expect(Bool(true)) }
