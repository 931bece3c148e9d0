extension SearchQuery {
    /// What the parser understood, in one line, e.g.
    /// `words “network”, “swift ui” · not “ios” · language swift · stars ≥ 101 · in name`.
    var summary: String {
        var parts: [String] = []
        if !terms.isEmpty { parts.append("words " + terms.map(Wording.echo).joined(separator: ", ")) }
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
