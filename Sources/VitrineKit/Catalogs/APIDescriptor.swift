import Foundation

/// What vitrine knows about one catalog API, said once, in the API's own folder
/// (`Catalogs/Giphy/GiphyDescriptor.swift`, …): everything that names a service — messages,
/// keys scrubbed from them, endpoints, the hosts upgraded to https, credits — reads it here.
/// The id prefix and the kind are the model's (`Source`); the descriptor repeats them from there.
struct APIDescriptor: Sendable {
    /// The source it describes.
    let source: Source
    /// The name people know the service by: `GIPHY`, `Google Books`.
    let label: String
    /// Items an API page holds by default (GIPHY 24, TMDB 20, Google Books 40, App Store 200).
    let pageSize: Int
    /// The environment variables holding its keys; every one is scrubbed from messages
    /// (`APICredentials.all`). Empty when the API takes none.
    let keyVariables: [String]
    /// Whether searching needs a key; `keyVariable` is then the one named to people.
    let needsKey: Bool
    /// The environment variable that points the API elsewhere (a proxy, a stub server).
    let endpointVariable: String
    /// The real service's API root.
    let defaultEndpoint: URL
    /// Hosts of its images and pages that serve https (`SafeURL.upgradedHosts` must hold them;
    /// a suffix `.example.com` is the domain and every subdomain).
    let imageHosts: [String]
    /// The credit its terms ask for wherever its content is shown; nil when a link back to
    /// the item (every detail page has one) is enough.
    let attribution: Credit?
    /// The gallery `vitrine new --source` starts a site with (its `name`, `title` and the
    /// lines of its `site.yml` entry after `- name:`/`title:`), shown with `Scaffold/<source>.json`.
    let sampleGallery: SampleGallery
    /// Why `vitrine search` cannot search it, and what to do instead; nil when it can.
    let searchRefusal: String?
    /// Its client over the shared context (`SourceClients`), made once per fetch session.
    let makeClient: @Sendable (ClientContext) -> any SourceClient
    /// What the search page (`SearchRequest`) may ask it, and how that is worded.
    let searchPage: SearchPage
    /// What a gallery of this API must say besides `source:` (checked when `site.yml` is
    /// read), and the TMDB list it asks for; `GalleryRule`.
    let galleryRule: @Sendable (_ query: String?, _ list: GalleryConfig.MovieList?, _ ids: [String]) -> GalleryRule
    /// What a gallery of it asks the API, for snapshots and messages, when it lists no ids:
    /// its query, or TMDB's list.
    let requestSummary: @Sendable (_ query: String?, _ list: GalleryConfig.MovieList?) -> String?

    /// A gallery's keys, as its API needs them: fine (with the list it asks for: TMDB's
    /// `list: search` when a query comes alone), or a key missing — `missing`, reported at `key`, because `why`.
    enum GalleryRule: Sendable {
        case fine(list: GalleryConfig.MovieList?)
        case missing(_ missing: String, key: String, why: String)
    }

    /// The search page's rules for one API (`SearchRequest`).
    struct SearchPage: Sendable {
        /// The longest query, in Unicode scalars, it takes.
        var maxQuery = 200
        /// Reads the parameters only it takes (TMDB's `list`, the App Store's `ids`); a bad one
        /// is a usage error naming it.
        var readParameters: @Sendable (_ request: inout SearchRequest, _ parameters: [String: String]) throws(VitrineError) -> Void = { _, _ in }
        /// Whether there is anything to ask (GIPHY: always, for trending).
        let asksSomething: @Sendable (SearchRequest) -> Bool
        /// What it is asked, in words: `“cats” on GIPHY`, `trending on GIPHY`.
        let summary: @Sendable (SearchRequest) -> String
    }

    /// A new site's first gallery (`SiteScaffold`).
    struct SampleGallery: Sendable {
        let name: String
        let title: String
        /// Its keys in `site.yml`, each line indented and ending in a newline.
        let keys: String
    }

    /// A credit: a link to the service, with its text and, for some, a line before it.
    struct Credit: Sendable {
        /// The service's own site.
        let href: String
        /// The text its terms ask for ("Powered By GIPHY", TMDB's notice), in the site's language.
        let text: @Sendable (ThemeStrings) -> String
        /// A credit line that links, with `text` after it (TMDB); nil when `text` is the link.
        let credit: (@Sendable (ThemeStrings) -> String)?
    }

    /// The id prefix of its items: `giphy`, `books`.
    var idPrefix: String { source.idPrefix }
    /// The kind of its items.
    var kind: ItemKind { source.kind }
    /// The key people are told to set (`vitrine new`, the search page); nil when none is needed.
    var keyVariable: String? { needsKey ? keyVariables.first : nil }

    /// Every API, in the order credits and endpoints are listed.
    static let all: [APIDescriptor] = [.giphy, .tmdb, .googleBooks, .appStore]
}

extension Source {
    /// The API's descriptor; nil for a catalog file, which is read from the site, not asked.
    var descriptor: APIDescriptor? {
        switch self {
        case .giphy: .giphy
        case .tmdb: .tmdb
        case .googleBooks: .googleBooks
        case .appStore: .appStore
        case .catalog: nil
        }
    }

    /// The name people know the service by.
    var label: String { descriptor?.label ?? "catalog file" }

    /// The environment variable holding the source's API key (`vitrine new`'s next steps);
    /// nil when the source needs none.
    var keyVariable: String? { descriptor?.keyVariable }
}
