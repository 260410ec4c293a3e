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

    @Test("tokens a fuzzer makes parse or are refused, never crash", arguments: [
        [""], ["-"], ["--"], ["--="], ["-o"], ["--word="], ["--word", ""], ["a.wav", "--word", "\u{0}"],
        ["a.wav", "--word", "x", "--pad", "nan"], ["a.wav", "--word", "x", "--pad", "1e400"],
        ["a.wav", "--word", "x", "--jobs", "99999999999999999999"], ["a.wav", "--word", "x", "--rate", "-0"],
        ["a.wav", "--word", "x", "--beep-level", "-inf"], ["a.wav", "--word", "x", "--quality", "0x1p-2000"],
    ])
    func oddTokens(_ tokens: [String]) {
        _ = try? Command.parse(tokens)
    }
}
