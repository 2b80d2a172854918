import Foundation

extension APIDescriptor {
    /// The App Store lookup: apps by id, no key; a link back to each app is its credit.
    static let appStore = APIDescriptor(
        source: .appStore, label: "App Store", pageSize: 200, keyVariables: [], needsKey: false,
        endpointVariable: "VITRINE_ITUNES_URL", defaultEndpoint: URL(string: "https://itunes.apple.com")!,
        imageHosts: [".mzstatic.com", "apps.apple.com", "itunes.apple.com"],  // artwork: is1-ssl.mzstatic.com, …
        attribution: nil,
        sampleGallery: SampleGallery(
            name: "apps", title: "Apps",
            keys: "    source: app-store\n    ids: [362057947]       # App Store ids, in display order\n    country: kr            # the storefront\n"
        ),
        searchRefusal: "the App Store has no search vitrine can use (lookup by id only): find the app on apps.apple.com, "
            + "then vitrine favorites add https://apps.apple.com/…/id123456789, or list its number under 'ids:' of an app-store gallery",
        makeClient: { AppStoreClient(context: $0) },
        searchPage: SearchPage(
            readParameters: { request, parameters throws(VitrineError) in
                let raw = (parameters["ids"] ?? "").split(whereSeparator: { $0 == "," || $0 == " " })
                guard raw.allSatisfy({ !$0.isEmpty && $0.count <= 20 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
                    throw VitrineError("ids must be App Store ids (digits) separated by commas", kind: .usage)
                }
                var seen: Set<String> = []
                request.ids = raw.map(String.init).filter { seen.insert($0).inserted }
                guard request.ids.count <= SearchRequest.maxIDs else { throw VitrineError("at most \(SearchRequest.maxIDs) ids at once", kind: .usage) }
            },
            asksSomething: { !$0.ids.isEmpty },
            summary: { "\(Format.count($0.ids.count, "id", "ids")) on the App Store" }
        ),
        galleryRule: { _, list, ids in
            ids.isEmpty ? .missing("ids", key: "source", why: "an app-store gallery looks up apps by id") : .fine(list: list)
        },
        requestSummary: { _, _ in "" }  // its galleries list ids, which are the summary
    )
}
