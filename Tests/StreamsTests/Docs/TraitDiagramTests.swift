import Foundation
import Streams
import StreamsTest
import Testing

// Diagram scenarios for the trait conversions of Docs/Traits.md (see OperatorDiagramTests.swift;
// `GuideDiagrams` reads guides from Docs/Operators, hence the `../`).

@Suite struct TraitDiagramTests {
    /// A hot `source` converted by `operation`, drawn in Docs/Traits.md's block `name`.
    private func converted<R: Equatable>(
        _ name: String, source: String, label: String, outputValues: [Character: R],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<String>) -> Observable<R>
    ) {
        GuideDiagrams.checkOneSource(
            "../Traits.md", name, source: source, values: names(source), label: label, outputValues: outputValues,
            sourceLocation: sourceLocation, operation)
    }

    @Test func asSingle() {
        converted("asSingle", source: "-a---|", label: "asSingle()", outputValues: names("a")) {
            $0.asSingle().asObservable()
        }
        converted("asSingle-two", source: "-a-b-|", label: "asSingle()", outputValues: names("a")) {
            $0.asSingle().asObservable()
        }
        converted("asSingle-empty", source: "---|", label: "asSingle()", outputValues: names("a")) {
            $0.asSingle().asObservable()
        }
    }

    @Test func asMaybe() {
        converted("asMaybe-empty", source: "---|", label: "asMaybe()", outputValues: names("a")) {
            $0.asMaybe().asObservable()
        }
    }

    @Test func asCompletable() {
        converted(
            "asCompletable", source: "-a-b-|", label: "ignoreElements().asCompletable()",
            outputValues: [Character: Never]()
        ) { $0.ignoreElements().asCompletable().asObservable() }
    }

    @Test func asInfallible() {
        converted(
            "asInfallible", source: "-a-b-#", label: "asInfallible(onErrorJustReturn: \"z\")",
            outputValues: names("abz")
        ) { $0.asInfallible(onErrorJustReturn: "z").asObservable() }
    }
}
