import Foundation

/// The stages that read the site's own files before anything is fetched or compared:
/// site.yml, favorites.json, the templates and `static/`.
extension BuildContext {
    /// `loadConfig`: site.yml, with `--base-url` applied.
    mutating func loadConfig() throws(VitrineError) {
        config = try reader.config()
    }

    /// `loadFavorites`: favorites.json.
    mutating func loadFavorites() throws(VitrineError) {
        favorites = try reader.favorites(config)
    }

    /// `loadTemplates`: the theme's and the site's templates and translations, read and
    /// fingerprinted, not parsed.
    mutating func loadTemplates() throws(VitrineError) {
        themeFiles = try Theme.Files.read(
            defaults: options.themeDirectory ?? Theme.defaultDirectory,
            overrides: options.site.appendingPathComponent("templates"), overridesLabel: options.label("templates"))
    }

    /// `readStaticFiles`: `SITE/static/` listed.
    mutating func readStaticFiles() throws(VitrineError) {
        staticFiles = try StaticFolder.files(site: options.site, label: options.label)
    }
}
