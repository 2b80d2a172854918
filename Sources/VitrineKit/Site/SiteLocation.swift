import Foundation

/// Which site a command works on and how the user named it: all `favorites`, `search`,
/// `diff` and `check` need to find a site's files and to name them in messages. `build` and
/// `serve` take it inside `BuildOptions`.
public struct SiteLocation: Sendable {
    /// The site folder.
    public var folder: URL
    /// How the user named the site folder, for messages (`Site`, `./my-site`).
    public var label: String
    /// Test seam: where the site reader reads inputs from; the site folder on disk when nil.
    var files: (any SiteFolder)?

    /// The site at `folder`; its label defaults to the path.
    public init(_ folder: URL, label: String? = nil) {
        self.folder = folder
        self.label = label ?? folder.path
    }

    /// The site folder as typed on the command line (`.`, `Site`, `~/sites/cats`).
    public init(path: String) {
        self.init(URL(fileURLWithPath: path, isDirectory: true), label: path)
    }

    /// `Site/site.yml` as the user would type it.
    func label(_ relative: String) -> String {
        label.isEmpty || label == "." ? relative : (label.hasSuffix("/") ? label + relative : label + "/" + relative)
    }
}
