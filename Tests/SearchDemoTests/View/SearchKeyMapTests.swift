import Testing

@testable import SearchDemo

/// Keys → search events; the search line is edited by Characters, not bytes.
@Suite struct SearchKeyMapTests {
    private func feed(_ keys: [Key], detail: Bool = false, map: inout SearchKeyMap) -> [KeyOutcome] {
        keys.map { map.handle($0, showingDetail: detail, pageSize: 10) }
    }

    @Test func typingMultiByteTextAndBackspaceByCharacter() {
        var map = SearchKeyMap()
        let outcomes = feed([.character("か"), .character("と"), .character("う"), .backspace], map: &map)
        #expect(
            outcomes == [
                .events([.queryEdited("か")]), .events([.queryEdited("かと")]), .events([.queryEdited("かとう")]),
                .events([.queryEdited("かと")]),
            ])
        // A base letter and a combining mark arrive as two keys but form one Character.
        _ = feed([.character("e"), .character("\u{301}")], map: &map)
        #expect(map.text == "かとé")
        #expect(feed([.backspace], map: &map) == [.events([.queryEdited("かと")])])
    }

    @Test func aPasteIsOneEditInTheListAndIgnoredInTheDetailView() {
        var map = SearchKeyMap()
        #expect(feed([.character("a"), .paste("b c")], map: &map).last == .events([.queryEdited("ab c")]))
        #expect(feed([.paste("o")], detail: true, map: &map) == [.events([])])
        #expect(map.text == "ab c")
    }

    @Test func ctrlUClearsOnceAndBackspaceOnEmptyDoesNothing() {
        var map = SearchKeyMap()
        #expect(
            feed([.character("a"), .ctrlU, .ctrlU, .backspace], map: &map).suffix(3) == [
                .events([.queryEdited("")]), .events([]), .events([]),
            ])
    }

    @Test func navigationKeys() {
        var map = SearchKeyMap()
        #expect(
            feed([.up, .down, .pageUp, .pageDown, .home, .end, .enter, .control(0x0F), .ctrlC], map: &map) == [
                .events([.moveSelection(by: -1)]), .events([.moveSelection(by: 1)]),
                .events([.moveSelection(by: -10)]), .events([.moveSelection(by: 10)]), .events([.selectFirst]),
                .events([.selectLast]), .events([.openDetail]), .events([.openInBrowser]), .quit,
            ])
        #expect(map.text == "")
    }

    @Test func inTheListOIsTypedInTheDetailViewItOpens() {
        var map = SearchKeyMap()
        #expect(feed([.character("o")], map: &map) == [.events([.queryEdited("o")])])
        #expect(
            feed([.character("o"), .character("x"), .escape, .ctrlC], detail: true, map: &map) == [
                .events([.openInBrowser]), .events([]), .events([.closeDetail]), .quit,
            ])
        #expect(map.text == "o")
    }
}
