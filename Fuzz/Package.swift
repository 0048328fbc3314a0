// swift-tools-version: 6.0
// The fuzz target, kept out of the main package so that `swift build` and `make test` never
// build it. Build and run it with `make fuzz` (libFuzzer and AddressSanitizer, release mode).
import PackageDescription

let package = Package(
    name: "daybook-fuzz",
    dependencies: [
        .package(name: "daybook", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "daybook-fuzz",
            dependencies: [.product(name: "DaybookFuzzing", package: "daybook")],
            path: "Sources/daybook-fuzz"
        )
    ],
    swiftLanguageModes: [.v6]
)
