import Foundation

extension APIDescriptor {
    /// The App Store lookup: apps by id, no key; a link back to each app is its credit.
    static let appStore = APIDescriptor(
        source: .appStore, label: "App Store", pageSize: 200, keyVariables: [], needsKey: false,
        endpointVariable: "VITRINE_ITUNES_URL", defaultEndpoint: URL(string: "https://itunes.apple.com")!,
        imageHosts: [".mzstatic.com", "apps.apple.com", "itunes.apple.com"],  // artwork: is1-ssl.mzstatic.com, …
        attribution: nil
    )
}
