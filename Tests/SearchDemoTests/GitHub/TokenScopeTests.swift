import Foundation
import Testing

@testable import SearchDemo

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the token may go (end to end with real redirects: ``HostileServerTests``).
@Suite struct TokenScopeTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", true), ("http://127.1.2.3", true), ("http://localhost:1", true),
        ("http://LOCALHOST", true), ("http://[::1]:9", true), ("http://128.0.0.1", false),
        ("http://127.evil.example", false), ("http://localhost.example", false), ("http://10.0.0.1", false),
    ])
    func loopbackMeansThisMachine(url: String, isLoopback: Bool) throws {
        #expect(TokenScope.isLoopback(try #require(URL(string: url))) == isLoopback)
    }

    @Test func httpsOrLoopbackMayCarryTheToken() throws {
        #expect(TokenScope.refusal(for: try #require(URL(string: "https://api.github.com"))) == nil)
        #expect(TokenScope.refusal(for: try #require(URL(string: "http://127.0.0.1:9"))) == nil)
        #expect(
            TokenScope.refusal(for: try #require(URL(string: "http://api.example.com/v3")))
                == "GITHUB_TOKEN is sent only over https, and --api-url http://api.example.com/v3 is plain http "
                + "(use https, or unset GITHUB_TOKEN)")
    }

    @Test(arguments: [
        ("https://api.github.com/search", "https://API.github.com:443/other", true),
        ("http://127.0.0.1:80/a", "http://127.0.0.1/b", true),
        ("http://127.0.0.1:8080/a", "http://localhost:8080/a", false),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a", false),
        ("https://api.github.com/a", "http://api.github.com/a", false),
    ])
    func originsCompareSchemeHostAndPort(first: String, second: String, same: Bool) throws {
        #expect(TokenScope.isSameOrigin(try #require(URL(string: first)), try #require(URL(string: second))) == same)
    }

    @Test func aRedirectKeepsTheTokenOnlyWithinTheOrigin() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:8080/moved")))
        request.setValue("Bearer MARKER", forHTTPHeaderField: "Authorization")
        request.setValue("streams-search-demo/test", forHTTPHeaderField: "User-Agent")
        let origin = try #require(URL(string: "http://127.0.0.1:8080/search/repositories"))
        let within = CrossOriginRedirectGuard.redirect(request, from: origin)
        #expect(within.value(forHTTPHeaderField: "Authorization") == "Bearer MARKER")
        request.url = URL(string: "http://localhost:8080/moved")
        let away = CrossOriginRedirectGuard.redirect(request, from: origin)
        #expect(away.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(away.value(forHTTPHeaderField: "User-Agent") == "streams-search-demo/test")
        #expect(CrossOriginRedirectGuard.redirect(request, from: nil).value(forHTTPHeaderField: "Authorization") == nil)
    }
}
