import Foundation
import Testing

@testable import VitrineKit

/// The theme's strings: every shipped language has every key; a site's file overrides;
/// dates and counts follow the language.
@Suite("theme strings")
struct I18nTests {
    static let theme = Result { try Theme.load(overrides: nil, overridesLabel: "templates") }

    @Test("Korean and Japanese translate every key", arguments: ["ko", "ja"])
    func complete(language: String) throws {
        let strings = try Self.theme.get().strings(for: language).dictionary
        let english = ThemeStrings.english.dictionary
        // Brand names stay as their owners write them.
        let untranslated = english.keys.filter { strings[$0] == english[$0] && !["kindGIF", "poweredByGiphy", "addFavoritesAfter", "xTwitter", "facebook"].contains($0) }
        #expect(untranslated.sorted() == [], "keys still in English for \(language)")
        let theme = try Self.theme.get()
        #expect(theme.strings(for: "\(language)-XX") == theme.strings(for: language))
    }

    @Test("a build parses only the translations its language can use: another language's broken file is check's to report")
    func onlyTheSiteLanguage() throws {
        let site = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        try Data("favorites: \"찜\"\n".utf8).write(to: site.appendingPathComponent("i18n/ko.yml"))
        try Data("favourites: x\n".utf8).write(to: site.appendingPathComponent("i18n/ja.yml"))
        let themeFiles = try Theme.Files.read(overrides: site.appendingPathComponent("templates"), overridesLabel: "site/templates")
        let korean = try Self.theme.get().strings(for: "ko").merged(withYAML: "favorites: \"찜\"\n", file: "site/i18n/ko.yml")
        for (language, expected) in [("ko", korean), ("ko-KR", korean), ("en", .english), ("fr-CA", .english)] {
            #expect(try Theme(compiling: themeFiles, language: language).strings(for: language) == expected, "\(language)")
        }
        for language in ["ja", "JA-jp", nil] {
            #expect(throws: VitrineError.self, "\(language ?? "every language")") { try Theme(compiling: themeFiles, language: language) }
        }
    }

    @Test("an unknown language is English")
    func fallback() throws {
        let theme = try Self.theme.get()
        #expect(theme.strings(for: "xx") == .english)
    }

    @Test("a site's file replaces keys; an unknown key is an error naming the file and line")
    func override() throws {
        let korean = try Self.theme.get().strings(for: "ko")
        let merged = try korean.merged(withYAML: "favorites: \"찜\"\n", file: "site/i18n/ko.yml")
        #expect(merged.favorites == "찜" && merged.share == korean.share)
        #expect(throws: VitrineError.self) { try korean.merged(withYAML: "\nfavourites: x\n", file: "site/i18n/ko.yml") }
        do {
            _ = try korean.merged(withYAML: "\nfavourites: x\n", file: "site/i18n/ko.yml")
        } catch {
            #expect(error.message.hasPrefix("site/i18n/ko.yml:2:"))
            #expect(error.message.contains("did you mean 'favorites'"))
        }
    }

    @Test("check lists the keys a site's file leaves out")
    func missing() throws {
        let missing = try ThemeStrings.missingKeys(inYAML: "favorites: x\nshare: y\n", file: "ko.yml")
        #expect(missing.count == ThemeStrings.keys.count - 2 && !missing.contains("share"))
    }

    @Test(
        "dates and counts in the language",
        arguments: [
            ("en", "2024-03-15", "March 15, 2024"), ("ko", "2024-03-15", "2024년 3월 15일"), ("ja", "2024-03", "2024年3月"),
            ("ko", "2013", "2013년"), ("en", "1999-13-01", "1999-13-01"), ("ko", "soon", "soon"),
        ])
    func dates(language: String, raw: String, shown: String) throws {
        let theme = try Self.theme.get()
        #expect(theme.strings(for: language).date(raw) == shown)
    }

    @Test("fill replaces each marker once, from the template only")
    func fill() throws {
        #expect(ThemeStrings.fill("{title} — page {number}", ["title": "{number}", "number": "2"]) == "{number} — page 2")
        #expect(ThemeStrings.fill("{unknown} {", [:]) == "{unknown} {")
        let korean = try Self.theme.get().strings(for: "ko")
        #expect(korean.count(3148, \.resultsOne, \.resultsMany) == "결과 3,148개")
    }
}
