import Testing

@Test func SearchDemoTestsPlaceholder() { #expect(Bool(true)) }
