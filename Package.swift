// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Scriptorium",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "scriptorium", targets: ["scriptorium"]),
    .library(name: "KeyIt", targets: ["KeyIt"]),
    .library(name: "Phrasebook", targets: ["Phrasebook"]),
    .library(name: "Lexikon", targets: ["Lexikon"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
  ],
  targets: [
    .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
    .target(
      name: "AppSupport",
      dependencies: [
        "CArchive", "CICU", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),
    .target(name: "Localization", resources: [.copy("locales")]),
    .target(name: "SyncLog"),
    .target(
      name: "SyncHub",
      dependencies: [
        "CWALWrites", "Gzip", "SyncLog", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .target(
      name: "ServerConnections",
      dependencies: [
        "AppSupport", "Gzip",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .target(
      name: "SyncHubServer",
      dependencies: [
        "ServerConnections", "SyncHub", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
      ]
    ),
    .target(
      name: "KeyIt",
      dependencies: [
        "AppSupport", "CWALWrites", "Localization", "SyncLog", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      resources: [.copy("Resources")]
    ),
    .target(
      name: "KeyItTeam",
      dependencies: [
        "KeyIt", "SyncHub", "SyncLog", .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .target(name: "ZlibShim", linkerSettings: [.linkedLibrary("z")]),
    .target(name: "Gzip", dependencies: ["ZlibShim"]),
    .target(name: "CWALWrites", linkerSettings: [.linkedLibrary("sqlite3")]),
    .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
    .target(name: "Stemming", dependencies: ["CHunspell"]),
    .target(
      name: "Lexikon",
      dependencies: ["AppSupport", "Stemming", "ZlibShim", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(
      name: "Phrasebook",
      dependencies: [
        "AppSupport", "CICU",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "ShareSynch",
      dependencies: [
        "AppSupport", "ZlibShim", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"), .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      resources: [.copy("Resources")]
    ),
    .systemLibrary(
      name: "CPangoCairo", pkgConfig: "pangocairo gdk-pixbuf-2.0",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libgdk-pixbuf-2.0-dev"])]
    ),
    .target(name: "ShareSynchPDF", dependencies: ["ShareSynch", "CPangoCairo"]),
    .target(
      name: "SlideImport",
      dependencies: ["AppSupport", "ShareSynch", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
    ),
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .target(
      name: "ShareSynchServer",
      dependencies: ["AppSupport", "CQREncode", "ShareSynch", "SlideImport", "WebFetch"]
    ),
    .target(
      name: "WebFetch",
      dependencies: [
        "AppSupport",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    .target(
      name: "WebApp",
      dependencies: [
        "AppSupport", "Localization", "KeyIt", "KeyItTeam", "Lexikon", "Phrasebook", "ShareSynch", "ShareSynchPDF",
        "ServerConnections", "ShareSynchServer", "SlideImport", "Stemming", "SyncLog",
        "WebFetch", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.copy("Templates"), .copy("Public")]
    ),
    .executableTarget(
      name: "scriptorium",
      dependencies: [
        "AppSupport", "Localization", "KeyIt", "KeyItTeam", "Lexikon", "Phrasebook", "ShareSynch", "ShareSynchPDF",
        "ShareSynchServer", "SlideImport", "Stemming", "SyncHub", "SyncHubServer", "WebApp", "WebFetch",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "scriptorium-fuzz",
      dependencies: ["KeyIt", "Lexikon", "Phrasebook", "ShareSynch"]
    ),
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .executableTarget(
      name: "keyit-benchmark",
      dependencies: ["KeyIt", "BenchmarkSupport", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Benchmarks/KeyItBenchmark"
    ),
    .executableTarget(
      name: "phrasebook-benchmark",
      dependencies: [
        "Phrasebook", "AppSupport", "BenchmarkSupport", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/PhrasebookBenchmark"
    ),
    .executableTarget(
      name: "lexikon-benchmark",
      dependencies: ["Lexikon", "Stemming", "BenchmarkSupport", "TestSupport"],
      path: "Benchmarks/LexikonBenchmark"
    ),
    .executableTarget(
      name: "sharesynch-benchmark",
      dependencies: ["ShareSynch", "BenchmarkSupport"],
      path: "Benchmarks/ShareSynchBenchmark"
    ),
    .executableTarget(
      name: "hub-benchmark",
      dependencies: [
        "SyncHub", "SyncHubServer", "SyncLog", "KeyIt", "BenchmarkSupport", "TestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/HubBenchmark"
    ),
    .executableTarget(
      name: "zip-reader-comparison",
      dependencies: ["AppSupport", "BenchmarkSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
      path: "Benchmarks/ZipReaderComparison"
    ),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "KeyItTests",
      dependencies: [
        "CWALWrites", "KeyIt", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "KeyItTeamTests",
      dependencies: [
        "KeyItTeam", "KeyIt", "SyncHub", "SyncHubServer", "SyncLog", "TestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "ServerConnectionsTests",
      dependencies: [
        "Gzip", "ServerConnections", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .testTarget(name: "AppSupportTests", dependencies: ["AppSupport", "TestSupport"]),
    .testTarget(name: "StemmingTests", dependencies: ["Stemming"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TestSupport"]),
    .testTarget(name: "SyncLogTests", dependencies: ["SyncLog"]),
    .testTarget(
      name: "SyncHubTests",
      dependencies: [
        "Gzip", "SyncHub", "SyncHubServer", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      ]
    ),
    .testTarget(
      name: "PhrasebookTests",
      dependencies: ["Phrasebook", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    .testTarget(
      name: "LexikonTests",
      dependencies: ["Lexikon", "Stemming", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    .testTarget(
      name: "ShareSynchTests",
      dependencies: ["ShareSynch", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(
      name: "WebFetchTests",
      dependencies: [
        "WebFetch", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
    .testTarget(name: "ShareSynchPDFTests", dependencies: ["ShareSynchPDF", "ShareSynch", "TestSupport"]),
    .testTarget(name: "SlideImportTests", dependencies: ["SlideImport", "ShareSynch", "TestSupport"]),
    .testTarget(
      name: "WebAppTests",
      dependencies: [
        "WebApp", "Localization", "KeyIt", "Lexikon", "Phrasebook", "ShareSynch", "ShareSynchServer", "TestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
  ]
)
