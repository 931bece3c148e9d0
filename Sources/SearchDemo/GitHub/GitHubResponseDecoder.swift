import Foundation

/// Turns one GitHub search response (status, headers, body) into a ``SearchPage`` or a ``SearchError``.
///
/// Choices: a 2xx body over ``maximumBodySize`` is refused as malformed (a real page of 100 results is well
/// under 1 MB); invalid UTF-8 inside the JSON is repaired to U+FFFD and decoded rather than failing the page.
struct GitHubResponseDecoder: Sendable {
    /// The largest 2xx body decoded (5 MiB).
    static let maximumBodySize = 5 * 1024 * 1024
    /// Error bodies larger than this are not searched for a `message`.
    private static let maximumErrorBodySize = 64 * 1024
    /// Longest `detail` in ``SearchError/malformedResponse(detail:)``.
    private static let maximumDetailLength = 160

    /// The page size that was requested, used to drop a `next` link beyond the 1,000-result cap.
    let perPage: Int
    /// The current time, for `x-ratelimit-reset`.
    let now: Date

    /// Decodes `body`, or maps the status and headers to the ``SearchError`` they mean.
    ///
    /// - Parameter header: Case-insensitive header lookup (`HTTPURLResponse.value(forHTTPHeaderField:)`).
    func page(status: Int, header: (String) -> String?, body: Data) throws(SearchError) -> SearchPage {
        guard (200..<300).contains(status) else { throw failure(status: status, header: header, body: body) }
        guard body.count <= Self.maximumBodySize else {
            let size = Wording.count(body.count, "byte", "bytes")
            throw .malformedResponse(detail: "body too large (\(size), limit \(Wording.number(Self.maximumBodySize)))")
        }
        guard !body.isEmpty else { throw .malformedResponse(detail: "empty body") }
        let decoded = try Self.decodeLeniently(body)
        let next = header("link").flatMap { LinkHeader(parsing: $0).page(forRelation: "next") }
        return SearchPage(
            totalCount: decoded.totalCount,
            incompleteResults: decoded.incompleteResults,
            items: decoded.items,
            nextPage: next.flatMap { GitHubSearchEndpoint.isWithinCap(page: $0, perPage: perPage) ? $0 : nil },
            rateLimitRemaining: header("x-ratelimit-remaining").flatMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
        )
    }

    private func failure(status: Int, header: (String) -> String?, body: Data) -> SearchError {
        let errorBody =
            body.count <= Self.maximumErrorBodySize ? try? JSONDecoder().decode(ErrorBody.self, from: body) : nil
        let message = errorBody?.message.flatMap { $0.isEmpty ? nil : $0 }
        if let limit = RateLimitPolicy(now: now).error(status: status, header: header, message: message) {
            return limit
        }
        if status == 422 {
            let first = errorBody?.errors?.lazy.compactMap(\.message).first { !$0.isEmpty }
            return .validationFailed(message: first ?? message ?? "Validation Failed")
        }
        return .httpStatus(code: status, message: message)
    }

    /// Decodes as is; when that fails on a body that is not valid UTF-8, repairs it (U+FFFD) and tries again.
    private static func decodeLeniently(_ body: Data) throws(SearchError) -> SearchBody {
        do {
            return try decode(body)
        } catch {
            let repaired = String(decoding: body, as: UTF8.self)
            guard !repaired.utf8.elementsEqual(body) else { throw malformed(error) }  // valid UTF-8: nothing to repair
            do {
                return try decode(Data(repaired.utf8))
            } catch {
                throw malformed(error)
            }
        }
    }

    private static func decode(_ body: Data) throws -> SearchBody {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(SearchBody.self, from: body)
    }

    /// A short, stable description of why decoding failed, e.g. `missing field items[0].html_url`.
    private static func malformed(_ error: any Error) -> SearchError {
        let detail: String
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: detail = "missing field \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context)?: detail = "null at \(path(context.codingPath))"
        case .typeMismatch(_, let context)?: detail = "wrong type at \(path(context.codingPath))"
        case .dataCorrupted(let context)?:
            detail = context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
        default: detail = "undecodable body"
        }
        return .malformedResponse(detail: String(detail.prefix(maximumDetailLength)))
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "top level" : text
    }
}

/// The 2xx body: `{"total_count": …, "incomplete_results": …, "items": […]}`; other fields are ignored.
private struct SearchBody: Decodable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [Repository]

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try container.decode(Int.self, forKey: .totalCount)
        incompleteResults = try container.decodeIfPresent(Bool.self, forKey: .incompleteResults) ?? false
        items = try container.decode([Repository].self, forKey: .items)
    }
}

/// A non-2xx body: `{"message": "…", "errors": [{"message": "…"} or "…"]}`; every field optional.
private struct ErrorBody: Decodable {
    let message: String?
    let errors: [Detail]?

    /// One `errors[]` entry, an object with a `message` or a bare string.
    struct Detail: Decodable {
        let message: String?

        enum CodingKeys: String, CodingKey { case message }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                message = text
            } else {
                message = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(
                    String.self, forKey: .message)
            }
        }
    }
}
