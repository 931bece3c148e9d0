import Foundation
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

    @Test func ctrlZSuspendsOnBothScreens() {
        var map = SearchKeyMap()
        #expect(feed([.control(0x1A)], map: &map) == [.suspend])
        #expect(feed([.control(0x1A)], detail: true, map: &map) == [.suspend])
        #expect(map.text == "")
    }

    /// Ctrl-T (byte 0x14, which raw mode delivers as a key on every terminal) toggles the inspector on both
    /// screens and never edits the search line; `t` is still typed.
    @Test func ctrlTTogglesTheInspectorOnBothScreensAndTIsTyped() {
        var map = SearchKeyMap()
        #expect(feed([.control(0x14)], map: &map) == [.toggleInspector])
        #expect(feed([.control(0x14)], detail: true, map: &map) == [.toggleInspector])
        #expect(map.text == "")
        #expect(feed([.character("t")], map: &map) == [.events([.queryEdited("t")])])
    }

    /// Every key a terminal can send, on each screen: the map does something with it exactly when the help
    /// lists it for that screen (text counts as listed in the list, by its "typing" row).
    @Test func theHelpListsExactlyTheKeysTheMapHandles() {
        let named: [Key] = [
            .enter, .tab, .backspace, .delete, .escape, .ctrlC, .ctrlU, .up, .down, .right, .left, .home, .end,
            .pageUp, .pageDown,
        ]
        let keys = named + (0...0x1F).map { Key.control($0) } + ["o", "a", " ", "検"].map { Key.character($0) }
        for detail in [false, true] {
            let screen: KeyBinding.Screen = detail ? .detail : .list
            for key in keys {
                var map = SearchKeyMap()
                _ = map.handle(.paste("x"), showingDetail: false, pageSize: 10)
                let acts = map.handle(key, showingDetail: detail, pageSize: 10) != .events([])
                let listed = SearchKeyMap.bindings.contains { $0.screen.includes(screen) && $0.actions[key] != nil }
                let isText = !detail && { if case .character = key { true } else { false } }()
                #expect(acts == (listed || isText), "\(key) on \(screen)")
            }
        }
    }

    /// The key section of `--help`, exactly: Ctrl-O opens from the list, `o` only in the detail view.
    @Test func theHelpTextsKeySection() throws {
        let help = CommandLineOptions.helpText
        let keys = try #require(help.range(of: "Keys in the list:"))
        let end = try #require(help.range(of: "\n\nExit status"))
        #expect(
            help[keys.lowerBound..<end.lowerBound] == """
                Keys in the list:
                  typing, a paste  edit the search line
                  Backspace        delete the last character
                  Ctrl-U           clear the search line
                  ↑ ↓              move the selection
                  PgUp PgDn        move the selection by a screen
                  Home End         select the first / last loaded row (End loads more)
                  Tab              sort by best match → stars → recently updated
                  Enter →          show the selected repository's details
                  Ctrl-O           open the repository in the browser (or show its URL)
                  Ctrl-T           show / hide the inspector: the screen's live subscriptions
                  Ctrl-Z           suspend to the shell (fg resumes)
                  Ctrl-C           quit
                Keys in the detail view:
                  Esc ←            back to the list
                  o                open the repository in the browser
                  Ctrl-O           open the repository in the browser (or show its URL)
                  Ctrl-T           show / hide the inspector: the screen's live subscriptions
                  Ctrl-Z           suspend to the shell (fg resumes)
                  Ctrl-C           quit
                """)
    }
}
