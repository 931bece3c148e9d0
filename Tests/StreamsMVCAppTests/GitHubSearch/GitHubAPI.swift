import Foundation
import Streams

// Stand-ins for what the example took from Alamofire and its own networking file: a session
// manager and an API with `searchRepo(_:)`. A test programs the answers.

/// A repository as the example parsed it.
struct Repository: Equatable {
    let name: String
    let fullName: String
    let htmlURL: String
}

/// The shared session; ``answer(with:)`` sets how searches are answered.
final class SessionManager: Sendable {
    static let `default` = SessionManager()

    private let search = LockedSearch()

    /// Answers every search with `respond(key)`.
    func answer(with respond: @escaping @Sendable (String) -> Observable<[Repository]>) {
        search.set(respond)
    }

    fileprivate func searchRepositories(_ key: String) -> Observable<[Repository]> {
        search.get()(key)
    }
}

/// The example's API type.
struct GitHubAPI {
    let manager: SessionManager

    func searchRepo(_ key: String) -> Observable<[Repository]> {
        manager.searchRepositories(key)
    }
}

/// The programmed answer, behind a lock.
private final class LockedSearch: @unchecked Sendable {  // `respond` guarded by `lock`
    private let lock = NSLock()
    private var respond: @Sendable (String) -> Observable<[Repository]> = { _ in .never() }

    func set(_ newValue: @escaping @Sendable (String) -> Observable<[Repository]>) {
        lock.withLock { respond = newValue }
    }

    func get() -> @Sendable (String) -> Observable<[Repository]> {
        lock.withLock { respond }
    }
}
