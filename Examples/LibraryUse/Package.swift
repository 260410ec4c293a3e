// swift-tools-version:6.0
// Four programs that use CensorKit as another Swift package would: depending on censor by
// path. `make test` builds and runs them; each exits non-zero when its result is wrong.
import PackageDescription

let package = Package(
    name: "LibraryUse",
    dependencies: [.package(name: "censor", path: "../..")],
    targets: [
        .executableTarget(name: "FrontDoor", dependencies: [.product(name: "CensorKit", package: "censor")]),
        .executableTarget(name: "FileToFile", dependencies: [.product(name: "CensorKit", package: "censor")]),
        .executableTarget(name: "InMemory", dependencies: [.product(name: "CensorKit", package: "censor")]),
        .executableTarget(name: "Streaming", dependencies: [.product(name: "CensorKit", package: "censor")]),
    ],
    swiftLanguageModes: [.v6]
)
