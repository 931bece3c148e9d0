import Foundation
import Testing

@testable import SearchDemo

/// The live request: qualifiers stay in `q` as typed, sort and order are GitHub's parameters, and the shared
/// parser refuses a malformed qualifier before anything is sent.
@Suite struct GitHubSearchEndpointTests {
    private let base = URL(string: "https://api.github.com")!

    private func queryItems(_ request: SearchRequest) throws -> [URLQueryItem] {
        let url = try #require(try GitHubSearchEndpoint(request).url(baseURL: base))
        return try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
    }

    @Test func qualifiersStayInTheQueryAndSortAndOrderAreParameters() throws {
        let request = SearchRequest(query: " language:swift stars:>100 ", sort: .stars, order: .descending)
        #expect(
            try queryItems(request) == [
                URLQueryItem(name: "q", value: "language:swift stars:>100"),
                URLQueryItem(name: "sort", value: "stars"), URLQueryItem(name: "order", value: "desc"),
                URLQueryItem(name: "per_page", value: "30"), URLQueryItem(name: "page", value: "1"),
            ])
        let url = try #require(try GitHubSearchEndpoint(request).url(baseURL: base))
        #expect(
            url.absoluteString
                == "https://api.github.com/search/repositories?q=language%3Aswift%20stars%3A%3E100"
                + "&sort=stars&order=desc&per_page=30&page=1")
    }

    @Test func updatedAscendingAndBestMatch() throws {
        let updated = try queryItems(SearchRequest(query: "x", page: 2, sort: .updated, order: .ascending))
        #expect(updated.map(\.name) == ["q", "sort", "order", "per_page", "page"])
        #expect(updated[1].value == "updated" && updated[2].value == "asc")
        let best = try queryItems(SearchRequest(query: #"NOT ios "swift ui""#, order: .ascending))
        #expect(
            best == [
                URLQueryItem(name: "q", value: #"NOT ios "swift ui""#),
                URLQueryItem(name: "per_page", value: "30"), URLQueryItem(name: "page", value: "1"),
            ])
    }

    @Test func theParserUnderstandsWhatIsSent() throws {
        let endpoint = try GitHubSearchEndpoint(SearchRequest(query: "network language:swift topic:ui"))
        #expect(endpoint.parsed.terms == ["network"])
        #expect(endpoint.parsed.languages == ["swift"])
        #expect(endpoint.parsed.liveOnlyQualifiers == ["topic:ui"])
    }

    @Test func aMalformedQualifierIsRefusedBeforeSending() {
        #expect(throws: SearchError.invalidQuery(SearchQueryError(token: "stars:>>1", reason: "“>1” is not a number")))
        {
            try GitHubSearchEndpoint(SearchRequest(query: "swift stars:>>1"))
        }
        #expect(
            SearchError.invalidQuery(SearchQueryError(token: "stars:>>1", reason: "“>1” is not a number")).userMessage
                == "“stars:>>1”: “>1” is not a number")
    }
}
