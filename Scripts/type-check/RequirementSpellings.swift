// Compiled by .ci/steps/16-requirement-spellings.sh, twice, against the debug build's modules:
// as it is, it must compile (each StreamsMVC requirement with two spellings, conformed once with
// each spelling); with -D MISSPELT, the conformers below the #if must fail to compile, each with
// "does not conform to protocol" and the requirement the compiler asks for.

import Streams
import StreamsMVC

// The current spellings.
struct CurrentMap: MapController {
    func mapToAction(event: String) -> Int { event.count }
}

struct CurrentFlatMap: FlatMapController {
    func flatMapToAction(event: String) -> Observable<Int> { .just(event.count) }
}

struct CurrentReducer: ReducerModel {
    let initialState = 0
    func reduce(state: Int, with action: Int) -> Int { state + action }
}

// RxMVC's first spellings (its GitHub Search example's), with and without type aliases.
struct FirstMap: MapController {
    func mapEventToAction(_ event: String) -> Int { event.count }
}

struct FirstFlatMap: FlatMapController {
    typealias Event = String
    typealias Action = Int
    var flatMapType = FlatMapType.latest
    func flatMapEventToAction(_ event: Event) -> Observable<Action> { .just(event.count) }
}

struct FirstReducer: ReducerModel {
    let initialState = 0
    func reduce(_ state: Int, with action: Int) -> Int { state + action }
}

#if MISSPELT
    // Each implements neither spelling: one letter too many, or a label that is not the requirement's.
    struct MisspeltMap: MapController {
        typealias Event = String
        typealias Action = Int
        func mapEventToActions(_ event: String) -> Int { event.count }
    }

    struct MisspeltFlatMap: FlatMapController {
        typealias Event = String
        typealias Action = Int
        func flatMapEventToActions(_ event: String) -> Observable<Int> { .just(event.count) }
    }

    struct MisspeltReducer: ReducerModel {
        typealias Action = Int
        let initialState = 0
        func reduce(_ state: Int, action: Int) -> Int { state + action }
    }
#endif
