import Foundation
import Testing

@testable import VitrineKit

/// A catalog file is one feature with one name in Swift (`Source.catalog`), spelled as it
/// always was on disk (`source: file`, `file:` ids); and what only an API can say about
/// itself — its sample gallery, whether it can be searched — is said in its descriptor.
@Suite("catalog input and descriptors")
struct CatalogInputTests {
    /// `site.yml`'s `source: file`, snapshots' `"source": "file"` and `file:` ids still read.
    @Test func theCatalogKeepsItsOnDiskSpellings() throws {
        #expect(Source(rawValue: "file") == .catalog && Source.catalog.rawValue == "file")
        #expect(Source(idPrefix: "file") == .catalog && Source.catalog.idPrefix == "file")
        #expect(try ItemID(parsing: "file:item1").source == .catalog)
        #expect(try JSONDecoder().decode([Source].self, from: Data(#"["file"]"#.utf8)) == [.catalog])
        #expect(String(decoding: try JSONEncoder().encode([Source.catalog]), as: UTF8.self) == #"["file"]"#)
        #expect(Source.catalog.descriptor == nil && Source.catalog.label == "catalog file")
    }

    /// A catalog gallery shows every item of its file unless limited; no fake API page size.
    @Test func aCatalogGalleryIsLimitedByItsOwnRuleNotAPageSize() throws {
        #expect(GalleryConfig.catalogLimit == 10_000_000)
        #expect(SearchRequest(source: .catalog).pageSize == 0 && !SearchRequest(source: .catalog).asksSomething)
        for api in APIDescriptor.all {
            #expect(SearchRequest(source: api.source).pageSize == (api.source == .appStore ? SearchRequest.maxIDs : api.pageSize))
        }
    }

    /// `vitrine new --source <api>` starts with the descriptor's sample gallery, whose keys
    /// name the API; a catalog file starts with its own.
    @Test func everyAPIsSampleGalleryIsInItsDescriptor() {
        for api in APIDescriptor.all {
            let sample = api.sampleGallery
            #expect(!sample.name.isEmpty && !sample.title.isEmpty, "\(api.label): sample gallery")
            #expect(sample.keys.hasPrefix("    source: \(api.source.rawValue)\n") && sample.keys.hasSuffix("\n"), "\(api.label): keys")
        }
    }

    /// Whether `vitrine search` can search an API is its descriptor's word; the list in the
    /// unknown-source message is made from them.
    @Test func searchabilityComesFromTheDescriptors() throws {
        for api in APIDescriptor.all {
            if let refusal = api.searchRefusal {
                #expect(throws: VitrineError(refusal, kind: .usage)) { try CatalogSearch.source(api.source.rawValue) }
            } else {
                #expect(try CatalogSearch.source(api.source.rawValue) == api.source.rawValue)
            }
        }
        #expect(APIDescriptor.appStore.searchRefusal != nil)
        #expect(throws: VitrineError("unknown source 'nope' (search: giphy, tmdb, google-books)", kind: .usage)) {
            try CatalogSearch.source("nope")
        }
    }

    /// The gallery keys an API needs and its request summary are its descriptor's: the
    /// config reader and snapshots ask the descriptor, not a switch over every API.
    @Test func galleryRulesAndSummariesComeFromTheDescriptors() throws {
        func missing(_ rule: APIDescriptor.GalleryRule) -> String? {
            if case .missing(let key, _, _) = rule { return key }
            return nil
        }
        #expect(missing(APIDescriptor.appStore.galleryRule(nil, nil, [])) == "ids")
        #expect(missing(APIDescriptor.googleBooks.galleryRule(nil, nil, [])) == "query")
        #expect(missing(APIDescriptor.tmdb.galleryRule(nil, .search, [])) == "query")
        #expect(missing(APIDescriptor.giphy.galleryRule(nil, nil, [])) == nil)
        if case .fine(let list) = APIDescriptor.tmdb.galleryRule("alien", nil, []) { #expect(list == .search) } else { Issue.record("tmdb query") }
        #expect(APIDescriptor.tmdb.requestSummary(nil, .topRated) == "top_rated" && APIDescriptor.tmdb.requestSummary("alien", .search) == "alien")
        #expect(APIDescriptor.giphy.requestSummary("cats", nil) == "cats" && APIDescriptor.giphy.requestSummary(nil, nil) == nil)
    }

    /// What the search page may ask an API, and its words for it, are the descriptor's.
    @Test func theSearchPagesRulesComeFromTheDescriptors() throws {
        #expect(APIDescriptor.giphy.searchPage.maxQuery == 50 && APIDescriptor.tmdb.searchPage.maxQuery == 200)
        let request = try SearchRequest(parameters: ["source": "app-store", "ids": "1, 2,1"])
        #expect(request.ids == ["1", "2"] && request.asksSomething && request.summary == "2 ids on the App Store")
        #expect(try SearchRequest(parameters: ["source": "tmdb", "q": "alien"]).list == .search)
        #expect(SearchRequest(source: .tmdb, list: .topRated).summary == "top rated on TMDB")
        #expect(SearchRequest(source: .giphy).asksSomething && SearchRequest(source: .giphy).summary == "trending on GIPHY")
        #expect(SearchRequest(source: .catalog).summary == "a catalog file")
    }

    /// How long a copy may be kept is the model's word on each source, not a switch in the rule.
    @Test func copyTermsAreTheSourcesWord() {
        #expect(Source.tmdb.copyTerms == .days(StoredCopyAge.tmdbDays) && Source.googleBooks.copyTerms == .cacheHeader)
        #expect([Source.giphy, .appStore, .catalog].allSatisfy { $0.copyTerms == .unlimited })
        #expect(StoredCopyAge.verdict(source: .giphy, stamp: nil, now: Date()) == .fresh)
        #expect(StoredCopyAge.verdict(source: .tmdb, stamp: nil, now: Date()) == .unrecorded)
    }
}
