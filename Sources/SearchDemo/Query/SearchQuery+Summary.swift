extension SearchQuery {
    /// What the parser understood, in one line, e.g.
    /// `words “network”, “swift ui” · not “ios” · language swift · stars ≥ 101 · in name`.
    var summary: String { summary(withWords: true) }

    /// ``summary`` without the words (the search line shows them): what the interactive screen's
    /// status bar adds, e.g. `not “ios” · language swift · stars ≥ 101`.
    var qualifierSummary: String { summary(withWords: false) }

    private func summary(withWords: Bool) -> String {
        var parts: [String] = []
        if withWords, !terms.isEmpty { parts.append("words " + terms.map(Wording.echo).joined(separator: ", ")) }
        if !excludedTerms.isEmpty { parts.append("not " + excludedTerms.map(Wording.echo).joined(separator: ", ")) }
        if !languages.isEmpty { parts.append("language " + languages.joined(separator: " or ")) }
        if !owners.isEmpty { parts.append("owner " + owners.joined(separator: " or ")) }
        for range in stars { parts.append("stars " + range.describe(Wording.number)) }
        for range in pushedDays { parts.append("pushed " + range.describe(CalendarDay.text(of:))) }
        if !fields.isEmpty { parts.append("in " + fields.sorted().map(\.rawValue).joined(separator: ", ")) }
        if !liveOnlyQualifiers.isEmpty { parts.append("also " + liveOnlyQualifiers.joined(separator: " ")) }
        return parts.joined(separator: " · ")
    }
}
