import CensorKit
import Testing

@testable import CensorCLI

/// `--no-refine` and `--refine-window`: parsed into the plan options, checked against the
/// Parameter's range, and not both at once.
@Suite struct RefineOptionTests {
    static func plan(_ options: [String]) throws -> PlanOptions {
        guard case let .censor(arguments) = try Command.parse(["talk.wav", "--word", "damn"] + options) else {
            Issue.record("not a censoring run")
            return PlanOptions()
        }
        return arguments.plan
    }

    @Test("refinement is on by default, with the Parameter's window")
    func defaults() throws {
        let plan = try Self.plan([])
        #expect(plan.refine)
        #expect(plan.refineWindow == Parameters.refineWindow.defaultValue)
    }

    @Test("--no-refine turns refinement off; --refine-window sets the window in ms")
    func flags() throws {
        #expect(try Self.plan(["--no-refine"]).refine == false)
        let plan = try Self.plan(["--refine-window", "80"])
        #expect(plan.refine)
        #expect(plan.refineWindow == 0.08)
    }

    @Test("--refine picks the strategy; conservative by default")
    func strategy() throws {
        #expect(try Self.plan([]).refineStrategy == .conservative)
        #expect(try Self.plan(["--refine", "aggressive"]).refineStrategy == .aggressive)
        #expect(try Self.plan(["--refine", "conservative"]).refineStrategy == .conservative)
    }

    @Test("an unknown strategy names the choices")
    func unknownStrategy() {
        let error = #expect(throws: UsageError.self) { try Self.plan(["--refine", "wild"]) }
        #expect(error?.description == "--refine 'wild': expected conservative or aggressive")
    }

    @Test(
        "a window outside the Parameter's range, or with --no-refine, is a usage error",
        arguments: [
            ["--refine-window", "-5"], ["--refine-window", "5000"], ["--refine-window", "wide"],
            ["--no-refine", "--refine-window", "100"], ["--no-refine=yes"],
            ["--no-refine", "--refine", "aggressive"],
        ])
    func usageErrors(options: [String]) {
        #expect(throws: UsageError.self) { try Self.plan(options) }
    }
}
