import Foundation
import Testing

@testable import VitrineKit

/// Every API is described once (`Catalogs/<API>/<API>Descriptor.swift`), and everything
/// that names a service reads that description: an incomplete one fails here.
@Suite("API descriptors")
struct DescriptorTests {
    @Test("every API source has one complete descriptor")
    func everySourceDescribed() {
        let apis = Source.allCases.filter { $0 != .catalog }
        #expect(APIDescriptor.all.map(\.source) == apis)
        for source in apis {
            #expect(source.descriptor?.source == source, "\(source) has no descriptor of its own")
        }
        #expect(Source.catalog.descriptor == nil)
        for descriptor in APIDescriptor.all {
            let name = descriptor.source.rawValue
            #expect(!descriptor.label.isEmpty && !descriptor.idPrefix.isEmpty, "\(name): empty label or id prefix")
            #expect(descriptor.pageSize > 0, "\(name): no page size")
            #expect(descriptor.endpointVariable.hasPrefix("VITRINE_") && descriptor.endpointVariable.hasSuffix("_URL"), "\(name): endpoint variable")
            #expect(descriptor.defaultEndpoint.scheme == "https" && descriptor.defaultEndpoint.host != nil, "\(name): default endpoint")
            #expect(!descriptor.imageHosts.isEmpty, "\(name): no image hosts")
            #expect(!descriptor.needsKey || !descriptor.keyVariables.isEmpty, "\(name) needs a key but names no variable")
            #expect(descriptor.keyVariables.allSatisfy { !$0.isEmpty && $0 == $0.uppercased() }, "\(name): key variable")
            if let credit = descriptor.attribution {
                #expect(credit.href.hasPrefix("https://") && !credit.text(ThemeStrings()).isEmpty, "\(name): attribution")
            }
        }
    }

    @Test("prefixes, labels, variables and endpoints are never shared")
    func nothingShared() {
        let all = APIDescriptor.all
        for facts in [all.map(\.idPrefix), all.map(\.label), all.map(\.endpointVariable), all.flatMap(\.keyVariables)] {
            #expect(Set(facts).count == facts.count, "duplicates in \(facts)")
        }
        #expect(Set(all.map(\.defaultEndpoint)).count == all.count)
    }

    @Test("every key variable is read and scrubbed from messages")
    func everyKeyScrubbed() throws {
        let variables = APIDescriptor.all.flatMap(\.keyVariables)
        #expect(APICredentials.variables == variables)
        let keys = Dictionary(uniqueKeysWithValues: variables.enumerated().map { ($1, "key\($0)-SECRET-value") })
        let credentials = try APICredentials.checked(keys)
        for (variable, key) in keys {
            #expect(credentials[variable] == key)
            #expect(credentials.all.contains(key), "\(variable) is not scrubbed")
            #expect(!Secrets.scrub("HTTP 401 for ?k=\(key)", credentials.all).contains(key))
        }
    }

    @Test("every image host is upgraded to https")
    func imageHostsUpgraded() {
        for descriptor in APIDescriptor.all {
            for host in descriptor.imageHosts {
                let name = host.hasPrefix(".") ? "cdn" + host : host
                #expect(SafeURL.servesHTTPS(name), "\(name) (\(descriptor.label)) is not in SafeURL.upgradedHosts")
            }
        }
    }

    @Test("endpoints come from each descriptor's variable; a bad one names it")
    func endpointsFromEnvironment() throws {
        #expect(try APIEndpoints.reading([:]) == .production)
        for descriptor in APIDescriptor.all {
            #expect(APIEndpoints.production[descriptor.source] == descriptor.defaultEndpoint)
            let moved = try APIEndpoints.reading([descriptor.endpointVariable: "http://127.0.0.1:9/x"])
            #expect(moved[descriptor.source] == URL(string: "http://127.0.0.1:9/x"))
            #expect(throws: VitrineError("\(descriptor.endpointVariable) must be an http(s) URL, got 'ftp://x'", kind: .usage)) {
                try APIEndpoints.reading([descriptor.endpointVariable: "ftp://x"])
            }
        }
    }
}

/// The "adding a source" path (docs/adding-a-source.md), walked for GIPHY: the source files
/// outside its folder that name it are the ones the page lists, and no more.
@Suite("Adding a source")
struct AddingASourceTests {
    /// Edited by hand for a new API of an existing kind, besides its folder.
    static let edited = ["VitrineKit/Model/Source.swift", "VitrineKit/Catalogs/APIDescriptor.swift"]
    /// The host list DescriptorTests names (no switch over `Source` is left outside these).
    static let named = ["VitrineKit/Model/Policy/SafeURL.swift"]
    /// Conveniences, and GIPHY's own: other spellings, addresses as ids, help texts, the
    /// accessors kept for callers, the trending flag.
    static let optional = [
        "VitrineKit/Model/ItemID+NearMiss.swift", "VitrineKit/Model/ItemID+Typed.swift", "vitrine/Build.swift", "vitrine/Search.swift",
        "vitrine/New.swift", "VitrineKit/Fetch/APIEnvironment.swift", "VitrineKit/Serve/SearchEndpoint.swift",
        "VitrineKit/New/SiteScaffold.swift",
    ]

    /// Source files (relative to Sources/) outside `Catalogs/Giphy/` whose code, comments left
    /// out, names GIPHY.
    static func filesNamingGiphy() throws -> Set<String> {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let pattern = try Regex(#"\.giphy\b|\bGiphy[A-Z]|giphy\.com|GIPHY_API_KEY"#)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let path = String(file.path.dropFirst(sources.path.count + 1))
            guard !path.hasPrefix("VitrineKit/Catalogs/Giphy/") else { continue }
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            if code.contains(pattern) { found.insert(path) }
        }
        return found
    }

    @Test("an API of an existing kind: its folder plus three files, the rest named by the compiler or a test")
    func giphyIsNamedOnlyWhereThePageSays() throws {
        #expect(Self.edited.count <= 3)
        // Files a new API of an existing kind is written into, besides its folder: the three
        // edited by hand and the switches the compiler names. Only ever fewer.
        #expect(Self.edited.count + Self.named.count <= 3)
        #expect(try Self.filesNamingGiphy() == Set(Self.edited + Self.named + Self.optional))
        let page = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/adding-a-source.md"), encoding: .utf8)
        for path in Self.edited + Self.named + Self.optional {
            let shown = path.hasPrefix("VitrineKit/") ? String(path.dropFirst("VitrineKit/".count)) : "Sources/vitrine/"
            #expect(page.contains(shown), "docs/adding-a-source.md does not name \(path)")
        }
    }
}
