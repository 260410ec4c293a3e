import Testing

@testable import CensorCLI

/// Inputs the argument-parser fuzz target (Fuzz/, `make fuzz`) found trouble with.
@Suite struct ArgumentParserRegressionTests {
    @Test("an unknown option of 100 000 characters is refused at once, quoted short, with no suggestion")
    func hugeUnknownOption() throws {
        // The suggestion's edit distance costs length × length per option: this one took
        // minutes before suggestions were limited to plausible lengths.
        let name = "--" + String(repeating: "mode", count: 25_000)
        #expect(ArgumentParser.unknownOption(name) == "unknown option '\(name.prefix(64))…'")
        #expect(throws: UsageError.self) { try Command.parse(["talk.wav", name, "--word", "x"]) }
    }

    @Test("a near miss still gets its suggestion")
    func nearMissSuggested() {
        #expect(ArgumentParser.unknownOption("--mdoe") == "unknown option '--mdoe'; did you mean '--mode'?")
    }

    @Test(
        "tokens a fuzzer makes are refused with the usage error that names them, or parse",
        arguments: [
            ([""], nil),
            (
                ["-"],
                "audio from standard input (-) has no file name to find a transcript beside; give --transcript <file>"
            ),
            (["--"], "missing the input audio file"), (["--="], "unknown option '--'"),
            (["-o"], "--output needs a value <file>"),
            (["--word="], "--word '': expected a word, phrase or glob with a letter or digit"),
            (["--word", ""], "--word '': expected a word, phrase or glob with a letter or digit"),
            (["a.wav", "--word", "\u{0}"], "--word '\u{0}': expected a word, phrase or glob with a letter or digit"),
            (["a.wav", "--word", "x", "--pad", "nan"], "--pad nan: expected a value from 0 to 2000 ms"),
            (["a.wav", "--word", "x", "--pad", "1e400"], "--pad inf: expected a value from 0 to 2000 ms"),
            (
                ["a.wav", "--word", "x", "--jobs", "99999999999999999999"],
                "--jobs '99999999999999999999': expected a whole number above 0"
            ),
            (
                ["a.wav", "--word", "x", "--rate", "-0"],
                "--rate '-0': expected a whole number of hertz from 1000 to 768000"
            ),
            (
                ["a.wav", "--word", "x", "--beep-level", "-inf"],
                "--beep-level -inf: expected a value from -120 to 0 dBFS"
            ),
            (["a.wav", "--word", "x", "--quality", "0x1p-2000"], nil),
        ] as [([String], String?)])
    func oddTokens(_ tokens: [String], refusal: String?) {
        do {
            _ = try Command.parse(tokens)
            #expect(refusal == nil, "\(tokens) parsed")
        } catch {
            #expect(error.description == refusal, "\(tokens)")
        }
    }
}
