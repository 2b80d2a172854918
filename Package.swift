// swift-tools-version: 6.0
import PackageDescription

/// What every test target uses.
let testDependencies: [Target.Dependency] = [
    "VitrineKit",
    "VitrineTemplate",
    .product(name: "Hummingbird", package: "hummingbird"),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "Yams", package: "Yams"),
    .product(name: "AsyncHTTPClient", package: "async-http-client"),
]

let package = Package(
    name: "vitrine",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        .library(name: "VitrineKit", targets: ["VitrineKit"]),
        .library(name: "VitrineTemplate", targets: ["VitrineTemplate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // One system call Swift's Glibc module does not expose (renameat2 for atomic publishing).
        .target(name: "CVitrineSystem"),
        .target(name: "VitrineTemplate"),
        // Byte-level code behind a fence: hashing, binary records, file trees, atomic files,
        // locks, JSON byte writers and the one parallel map. The only target that may use
        // `Unsafe…` pointers, `memchr`/`memcmp`, `@unchecked`, `nonisolated(unsafe)` or
        // Dispatch (scripts/lint.py checks VitrineKit); its errors are `SystemCallError`s.
        .target(name: "VitrineBytes", dependencies: ["CVitrineSystem"]),
        .target(
            name: "VitrineKit",
            dependencies: [
                "CCmark",
                "CVitrineSystem",
                "VitrineBytes",
                "VitrineTemplate",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The default theme and the samples of `vitrine new` are compiled into the binary
            // (EmbedResources), so a copied or installed vitrine needs nothing beside it.
            exclude: ["Theme", "Scaffold"],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(
            name: "vitrine",
            dependencies: [
                "VitrineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["StampBuild"]
        ),
        .testTarget(name: "VitrineTemplateTests", dependencies: ["VitrineTemplate"]),
        // Build-time code generation for the two plugins below.
        .executableTarget(name: "vitrine-codegen", path: "Plugins/vitrine-codegen"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["vitrine-codegen"]),
        .plugin(name: "StampBuild", capability: .buildTool(), dependencies: ["vitrine-codegen"]),
        // The tests in three tiers (scripts/test.sh runs them in this order). Unit tests: one
        // type or stage, in-process; this target also holds what every tier shares (Support/,
        // the fixtures, the suites' static helpers).
        .testTarget(
            name: "VitrineKitTests",
            dependencies: testDependencies + ["VitrineBytes"],
            resources: [.copy("Fixtures")]
        ),
        // Whole-site and CLI tests: a file that runs the built binary or compares a built
        // site with the golden files.
        .testTarget(name: "VitrineSiteTests", dependencies: testDependencies + ["VitrineKitTests"]),
        // Heavy tests, run after the rest so they never starve a test that measures a timeout:
        // the kill loop, 10,000 fuzz cases, 10,000 favorites.
        .testTarget(name: "VitrineHeavyTests", dependencies: testDependencies + ["VitrineKitTests"]),
    ],
    swiftLanguageModes: [.v6]
)
