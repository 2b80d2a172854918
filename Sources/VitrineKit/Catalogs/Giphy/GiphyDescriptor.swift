import Foundation

extension APIDescriptor {
    /// GIPHY: GIFs, a key, "Powered By GIPHY" wherever its content is shown.
    static let giphy = APIDescriptor(
        source: .giphy, label: "GIPHY", pageSize: 24, keyVariables: ["GIPHY_API_KEY"], needsKey: true,
        endpointVariable: "VITRINE_GIPHY_URL", defaultEndpoint: URL(string: "https://api.giphy.com")!,
        imageHosts: [".giphy.com"],  // media0–4.giphy.com, i.giphy.com (GIPHY's 2016 responses are http)
        attribution: Credit(href: "https://giphy.com/", text: { $0.poweredByGiphy }, credit: nil),
        sampleGallery: SampleGallery(
            name: "cats", title: "Cat GIFs",
            keys: "    source: giphy\n    query: cats            # no query: GIPHY trending\n    limit: 24\n"
        ),
        searchRefusal: nil,
        makeClient: { GiphyClient(context: $0) },
        searchPage: SearchPage(
            maxQuery: 50,  // GIPHY refuses longer queries (414)
            asksSomething: { _ in true },
            summary: { request in request.query.map { "“\($0)” on GIPHY" } ?? "trending on GIPHY" }
        ),
        galleryRule: { _, list, _ in .fine(list: list) },
        requestSummary: { query, _ in query }
    )
}
