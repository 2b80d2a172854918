/// vitrine's version: shown by `vitrine --version`, and part of every page key, so a new
/// release re-renders pages it may render differently.
public enum VitrineVersion {
    /// This build of vitrine (`vitrine --version`); part of every page key.
    public static let current = "0.2.0"
}
