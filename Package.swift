// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "censor",
    products: [
        .library(name: "CensorKit", targets: ["CensorKit"]),
        .executable(name: "censor", targets: ["censor"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .systemLibrary(
            name: "CSampleRate",
            pkgConfig: "samplerate",
            providers: [.apt(["libsamplerate0-dev"])]
        ),
        .systemLibrary(
            name: "CFFTW3",
            pkgConfig: "fftw3f",
            providers: [.apt(["libfftw3-dev"])]
        ),
        // PocketSphinx, the forced word aligner (CensorPlanning/Alignment), opened when an aligner is
        // made rather than linked (Sources/CPocketSphinx/include/CPocketSphinx.h says why).
        .target(name: "CPocketSphinx", linkerSettings: [.linkedLibrary("dl")]),
        // MPEG audio decoding of the frames around censored words, for direct MP3 editing.
        .systemLibrary(
            name: "CMPG123",
            pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"])]
        ),
        // Extended attributes (sys/xattr.h, in the C library), which --in-place keeps.
        .systemLibrary(name: "CXattr"),
        // glibc's malloc tuning (malloc.h), which the command line sets once at start.
        .systemLibrary(name: "CMalloc"),
        // Keeps libraries' own lines (libmpg123's notes and warnings) off standard error.
        .target(name: "CStderrFilter"),
        // The library's targets along the data flow (README, "Inside the library"): text →
        // transcript → matching, and DSP (frames only, no words) → audio; planning (matches to
        // spans: edge refinement, alignment) above both; CensorKit (rendering and outputs) on
        // top, which re-exports them all.
        .target(name: "CensorText"),
        .target(name: "CensorTranscript", dependencies: ["CensorText"]),
        .target(name: "CensorMatching", dependencies: ["CensorText", "CensorTranscript"]),
        .target(name: "CensorDSP", dependencies: ["CFFTW3"]),
        .target(name: "CensorAudio", dependencies: ["CensorDSP", "CSndFile", "CSampleRate"]),
        .target(
            name: "CensorPlanning",
            dependencies: ["CensorMatching", "CensorDSP", "CensorAudio", "CPocketSphinx"]
        ),
        .target(
            name: "CensorKit",
            dependencies: [
                "CensorText", "CensorTranscript", "CensorMatching", "CensorDSP", "CensorAudio", "CensorPlanning",
                "CSndFile", "CSampleRate", "CFFTW3", "CXattr", "CMPG123",
            ],
            // The review page's markup, style and script, compiled into the library as bytes.
            resources: [
                .embedInCode("Review/Resources/review.html"),
                .embedInCode("Review/Resources/review.css"),
                .embedInCode("Review/Resources/review.js"),
            ]
        ),
        .target(
            name: "CensorCLI",
            dependencies: ["CensorKit", "CStderrFilter"]
        ),
        .executableTarget(
            name: "censor",
            dependencies: ["CensorCLI", "CMalloc"]
        ),
        .executableTarget(
            name: "CensorBenchmarks",
            dependencies: ["CensorKit"],
            path: "Benchmarks/CensorBenchmarks"
        ),
        .executableTarget(
            name: "CensorAccuracy",
            dependencies: ["CensorKit"],
            path: "Benchmarks/CensorAccuracy"
        ),
        // Deterministic test signals and the measurements the DSP and CensorKit tests share.
        .target(name: "CensorTestSignals", path: "Tests/Signals"),
        // Audio files on disk and the command-line tools the tests make media with.
        // Transcripts read from text in memory, and the published ones more than one suite reads.
        .target(name: "CensorTestTranscripts", dependencies: ["CensorTranscript"], path: "Tests/Transcripts"),
        .target(
            name: "CensorTestFiles", dependencies: ["CensorAudio", "CensorMatching", "CSndFile"], path: "Tests/Files"),
        .testTarget(
            name: "CensorDSPTests",
            dependencies: ["CensorDSP", "CensorTestSignals"]
        ),
        .testTarget(
            name: "CensorTranscriptTests",
            dependencies: ["CensorTranscript", "CensorTestTranscripts"]
        ),
        .testTarget(
            name: "CensorPlanningTests",
            dependencies: ["CensorPlanning", "CensorTestSignals", "CensorTestFiles"]
        ),
        .testTarget(
            name: "CensorKitTests",
            dependencies: ["CensorKit", "CensorTestSignals", "CensorTestFiles", "CensorTestTranscripts"]
        ),
        .testTarget(
            name: "CensorCLITests",
            dependencies: ["CensorCLI", "CensorKit", "CensorTestSignals"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
