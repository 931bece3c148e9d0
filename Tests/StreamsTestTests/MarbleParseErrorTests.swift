import Streams
import StreamsTest
import TestSupport
import Testing

@Suite struct MarbleParseErrorTests {
    let scheduler = TestScheduler(initialClock: 0)

    private func parseError(_ marbles: String, values: [Character: Int] = ["a": 1, "b": 2]) -> String? {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.createObserver(Int.self)
        return diffMarbles(res, marbles, values: values)
    }

    @Test func caretPointsAtTheBadCharacter() {
        #expect(
            parseError("--a*-|") == """
                marble error at column 4: unexpected character '*'
                  --a*-|
                     ^
                """)
    }

    @Test func columnsCountSpacesAndCaretKeepsTabs() {
        #expect(parseError("  -a ?") == "marble error at column 6: unexpected character '?'\n    -a ?\n       ^")
        #expect(parseError("\t-?") == "marble error at column 3: unexpected character '?'\n  \t-?\n  \t ^")
    }

    @Test func groupErrors() {
        #expect(parseError("-(ab")?.hasPrefix("marble error at column 2: '(' is never closed") == true)
        #expect(parseError("((a))")?.hasPrefix("marble error at column 2: nested '('") == true)
        #expect(parseError("-)")?.hasPrefix("marble error at column 2: ')' without '('") == true)
        #expect(parseError("-()")?.hasPrefix("marble error at column 3: empty group '()'") == true)
        #expect(
            parseError("(a-b)")?.hasPrefix("marble error at column 3: '-' inside a group (a group is a single frame)")
                == true)
        #expect(parseError("(^a)")?.hasPrefix("marble error at column 2: '^' cannot be inside a group") == true)
    }

    @Test func caretAndBangErrors() {
        #expect(parseError("^-^")?.hasPrefix("marble error at column 3: second '^'") == true)
        #expect(
            parseError("-a!")?.hasPrefix(
                "marble error at column 3: '!' belongs in subscription marbles (use assertSubscriptions)") == true)
    }

    @Test func unknownValueName() {
        #expect(
            parseError("-a-z|") == """
                marble error at column 4: no value for 'z' in values:
                  -a-z|
                     ^
                """)
    }

    @Test func controlCharactersAreEscaped() {
        #expect(parseError("-\n")?.hasPrefix("marble error at column 2: unexpected character '\\n'") == true)
    }

    @Test func subscriptionMarbleErrors() {
        let xs = scheduler.createHotObservable("-a|", values: ["a": 1])
        #expect(
            diffSubscriptions(xs, "--!") == """
                marble error at column 3: '!' before '^'
                  --!
                    ^
                """)
        #expect(diffSubscriptions(xs, "---")?.hasPrefix("marble error at column 4: missing '^'") == true)
        #expect(diffSubscriptions(xs, "")?.hasPrefix("marble error at column 1: missing '^'") == true)
        #expect(diffSubscriptions(xs, "^-^")?.hasPrefix("marble error at column 3: second '^'") == true)
        #expect(diffSubscriptions(xs, "^!-!")?.hasPrefix("marble error at column 4: second '!'") == true)
        #expect(
            diffSubscriptions(xs, "^-a")?.hasPrefix(
                "marble error at column 3: unexpected character 'a' (subscription marbles use - ^ ! ( ))") == true)
    }

    @Test func parseErrorInAnAssertionIsAFailureNotACrash() {
        let res = scheduler.createObserver(Int.self)
        let failures = capturedFailures { assertMarbles(res, "-a)", values: ["a": 1]) }
        #expect(failures == ["marble error at column 3: ')' without '('\n  -a)\n    ^"])
    }

    /// The parser is total: random strings over the grammar's alphabet (and some noise) never
    /// crash and either parse or give a column inside the string (or one past its end).
    @Test func randomMarblesNeverCrash() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("-ab|#()^! z\t1é")
        let observer = scheduler.createObserver(Int.self)
        let observable = scheduler.createHotObservable("-", values: [Character: Int]())
        for _ in 0..<3000 {
            let length = Int(generator.next() % 16)
            let marbles = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for message in [
                diffMarbles(observer, marbles, values: ["a": 1, "b": 2, "1": 3]),
                diffSubscriptions(observable, marbles),
            ] {
                guard let message, message.hasPrefix("marble error at column ") else { continue }
                let digits = message.dropFirst("marble error at column ".count).prefix { $0.isNumber }
                let column = Int(digits) ?? 0
                #expect((1...marbles.count + 1).contains(column), "\(marbles.debugDescription): \(message)")
            }
        }
    }
}
