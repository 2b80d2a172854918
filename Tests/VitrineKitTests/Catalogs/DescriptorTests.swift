import Foundation
import Testing

@testable import VitrineKit

/// Every API is described once (`Catalogs/<API>/<API>Descriptor.swift`), and everything
/// that names a service reads that description: an incomplete one fails here.
@Suite("API descriptors")
struct DescriptorTests {
    @Test("every API source has one complete descriptor")
    func everySourceDescribed() {
        let apis = Source.allCases.filter { $0 != .file }
        #expect(APIDescriptor.all.map(\.source) == apis)
        for source in apis {
            #expect(source.descriptor?.source == source, "\(source) has no descriptor of its own")
        }
        #expect(Source.file.descriptor == nil)
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
