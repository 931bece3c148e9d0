import Foundation
import Testing

@testable import SearchDemo

/// The backend's start-screen note stays for the whole run, and a suggestion belongs to the empty page it came with.
@Suite struct SearchModelNoteTests {
    private let model = SearchModel(note: "Offline catalog: 3 repositories, snapshot 2026-11-30")

    @Test func theNoteIsInTheFirstStateAndSurvivesAClear() {
        #expect(model.initialState.note == "Offline catalog: 3 repositories, snapshot 2026-11-30")
        let cleared = model.reduce(state: model.initialState, with: .cleared)
        #expect(cleared.note == "Offline catalog: 3 repositories, snapshot 2026-11-30")
    }

    @Test func anEmptyPageCarriesItsSuggestionUntilTheNextQuery() {
        var state = model.reduce(state: model.initialState, with: .requestStarted(query: "swfit", page: 1))
        state = model.reduce(
            state: state,
            with: .pageLoaded(
                query: "swfit", page: 1, SearchPage(totalCount: 0, items: [], nextPage: nil, suggestion: "swift")))
        #expect(state.phase == .empty)
        #expect(state.suggestion == "swift")
        state = model.reduce(state: state, with: .requestStarted(query: "swift", page: 1))
        #expect(state.suggestion == nil)
    }
}
