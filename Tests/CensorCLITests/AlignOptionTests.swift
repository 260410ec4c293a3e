import CensorKit
import Testing

@testable import CensorCLI

/// `--align`: parsed into the plan options, `auto` by default, and an unknown value names the
/// choices.
@Suite struct AlignOptionTests {
    @Test("--align is auto by default; pocketsphinx and off are taken as given")
    func values() throws {
        #expect(try RefineOptionTests.plan([]).align == .auto)
        #expect(try RefineOptionTests.plan(["--align", "pocketsphinx"]).align == .pocketsphinx)
        #expect(try RefineOptionTests.plan(["--align", "off"]).align == .off)
        #expect(try RefineOptionTests.plan(["--align", "off"]).alignModel == WordAligner.defaultModel)
    }

    @Test("an unknown value names the choices")
    func unknownValue() {
        let error = #expect(throws: UsageError.self) { try RefineOptionTests.plan(["--align", "mfa"]) }
        #expect(error?.description == "--align 'mfa': expected auto, pocketsphinx or off")
    }
}
