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
        // MPEG audio decoding of the frames around censored words, for direct MP3 editing.
        .systemLibrary(
            name: "CMPG123",
            pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"])]
        ),
        // Extended attributes (sys/xattr.h, in the C library), which --in-place keeps.
        .systemLibrary(name: "CXattr"),
        .target(
            name: "CensorKit",
            dependencies: ["CSndFile", "CSampleRate", "CFFTW3", "CXattr", "CMPG123"],
            // The review page's markup, style and script, compiled into the library as bytes.
            resources: [
                .embedInCode("Review/Resources/review.html"),
                .embedInCode("Review/Resources/review.css"),
                .embedInCode("Review/Resources/review.js"),
            ]
        ),
        .target(
            name: "CensorCLI",
            dependencies: ["CensorKit"]
        ),
        .executableTarget(
            name: "censor",
            dependencies: ["CensorCLI"]
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
        .testTarget(
            name: "CensorKitTests",
            dependencies: ["CensorKit"]
        ),
        .testTarget(
            name: "CensorCLITests",
            dependencies: ["CensorCLI", "CensorKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
