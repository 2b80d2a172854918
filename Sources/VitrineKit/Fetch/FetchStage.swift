import Foundation
import Logging

/// The fetch stage: brings every gallery's snapshot up to date before the read phase.
///
/// A gallery whose snapshot exists (and answers the same search) is left alone unless
/// `--refresh`; otherwise its search runs and the snapshot is replaced atomically. A failed
/// search keeps the previous snapshot and is reported by name; a gallery with neither
/// fresh data nor a snapshot fails the build, as does any failure under `--strict`.
struct FetchStage {
    let options: BuildOptions
    let config: SiteConfig
    /// Reads each snapshot once for this stage and the read phase after it.
    let reader: SiteReader
    let logger: Logger
    var progress: (any ProgressReporter)?

    /// How each gallery got its data, for the summary and the report.
    enum Origin: String, Codable, Sendable {
        case snapshot
        /// A `file` gallery: read from its catalog, never fetched.
        case catalog
        case fetched
        case keptSnapshot = "kept-snapshot"
        case failed
    }

    struct Outcome: Sendable {
        var origins: [String: Origin] = [:]
        /// One line per failed search.
        var failures: [String] = []
        /// Items looked up by id for favorites that only name an id.
        var resolved: [ItemID: Item] = [:]
        /// Id-only favorites the source's API does not know (404, or absent from its answer).
        var unknownFavorites: [ItemID] = []
        /// When each item in `resolved` was fetched, stored with it.
        var stamps: [ItemID: FetchStamp] = [:]
        /// Favorites whose stored item `--refresh-stale` looked up again (replaced when found).
        var refreshing: Set<ItemID> = []
        var counters = FetchClient.Counters()
        /// Snapshots (and their change records) written by this stage.
        var written: [URL] = []
        /// What each refresh changed, by gallery name: the items added and removed.
        var changes: [String: ChangeRecord.Refresh] = [:]

        /// Nothing was fetched, written or looked up: every gallery is its snapshot or catalog.
        var isQuiet: Bool {
            written.isEmpty && resolved.isEmpty && unknownFavorites.isEmpty && failures.isEmpty
                && origins.values.allSatisfy { $0 == .snapshot || $0 == .catalog }
        }
    }

    private var fetch: FetchOptions { options.fetch }

    func run(favorites: FavoritesFile) async throws(VitrineError) -> Outcome {
        // What builds killed while writing a snapshot left in data/.
        AtomicFile.removeLeftovers(in: options.site.appendingPathComponent("data"))
        var outcome = Outcome()
        var toFetch: [(GalleryConfig, Existing?, staleQuery: Bool)] = []
        for gallery in config.galleries {
            guard gallery.source != .catalog else {
                outcome.origins[gallery.name] = .catalog
                continue
            }
            let existing = try existingSnapshot(gallery)
            // A snapshot of the gallery's source that answers another query: what --offline
            // builds from, what any other build replaces. Said once, here.
            let stale = existing.flatMap { $0.snapshot.query != gallery.requestSummary ? $0 : nil }
            let current = stale == nil ? existing : nil
            switch (fetch.mode, current) {
            case (.offline, .none):
                if stale != nil {
                    logger.warning("'\(gallery.name)': the query changed since the snapshot; --offline builds from the old snapshot")
                    outcome.origins[gallery.name] = .snapshot
                    continue
                }
                throw VitrineError(
                    "gallery '\(gallery.name)' (\(gallery.source.rawValue)): no snapshot at \(label(gallery)) answering \(describe(gallery)), and --offline forbids fetching",
                    kind: .missingInput)
            case (.snapshotsFirst, .some(let kept)) where fetch.refreshStale && StoredCopyAge.needsRefresh(source: gallery.source, stamp: kept.snapshot.stamp, now: options.now()):
                logger.info(
                    "fetch: '\(gallery.name)': the snapshot is older than \(gallery.source.label)'s terms allow (or says not when it was fetched); --refresh-stale fetches it again"
                )
                toFetch.append((gallery, kept, false))
            case (.offline, .some), (.snapshotsFirst, .some):
                outcome.origins[gallery.name] = .snapshot
            case (.refresh, _), (.snapshotsFirst, .none):
                if stale != nil { logger.info("fetch: '\(gallery.name)': the query changed since the snapshot; searching again") }
                toFetch.append((gallery, current, stale != nil))
            }
        }
        // Id-only favorites no gallery snapshot holds, and (`--refresh-stale`) stored items past their terms.
        var unresolved = try unresolvedFavorites(favorites)
        if fetch.refreshStale, fetch.mode != .offline {
            let now = options.now()
            let stale = favorites.favorites.filter { $0.item != nil && StoredCopyAge.needsRefresh(source: $0.id.source, stamp: $0.stamp, now: now) }
            outcome.refreshing = Set(stale.map(\.id))
            unresolved += stale.map(\.id)
        }
        guard !toFetch.isEmpty || (!unresolved.isEmpty && fetch.mode != .offline) else { return outcome }

        // The session is closed on every path, failures included (an open client must not leak).
        let session = FetchSession(options: options, logger: logger)
        let fatal: [String]
        do {
            fatal = try await searchAndResolve(session, toFetch: toFetch, unresolved: unresolved, into: &outcome)
        } catch {
            await session.close()
            throw error
        }
        outcome.counters = await session.client.counters
        await session.close()
        // Ctrl-C: the searches it cut short say nothing; the command says `interrupted`.
        if Task.isCancelled { throw VitrineError.interrupted }
        // Said once: a single fatal failure is the error itself, not also a warning before it.
        if fatal.count == 1 && outcome.failures.count == 1 {
            throw VitrineError(outcome.failures[0], kind: .remote)
        }
        for line in outcome.failures { logger.warning("\(line)") }
        if !fatal.isEmpty {
            let names = fatal.map { "'\($0)'" }.joined(separator: ", ")
            throw VitrineError("\(Format.count(fatal.count, "search", "searches")) failed with nothing to fall back on: \(names)", kind: .remote)
        }
        return outcome
    }

    /// Runs the searches, writes fresh snapshots, looks up id-only favorites; returns the
    /// galleries left with nothing to show.
    private func searchAndResolve(
        _ session: FetchSession, toFetch: [(GalleryConfig, Existing?, staleQuery: Bool)], unresolved: [ItemID], into outcome: inout Outcome
    ) async throws(VitrineError) -> [String] {
        let results = await runSearches(session.sources, toFetch.map(\.0))
        if Task.isCancelled { throw VitrineError.interrupted }
        var fatal: [String] = []
        for ((gallery, existing, staleQuery), (result, answers)) in zip(toFetch, results) {
            let kept: Bool
            switch result {
            case .success(let found): kept = try apply(found, answers: answers, gallery: gallery, existing: existing, into: &outcome)
            case .failure(let error): kept = fallBack(error, gallery: gallery, existing: existing, staleQuery: staleQuery, into: &outcome)
            }
            if !kept { fatal.append(gallery.name) }
        }
        if fetch.mode != .offline { try await resolve(unresolved, clients: session.sources, into: &outcome) }
        return fatal
    }

    /// The searches' results in the galleries' order, with the answers each was made of.
    /// They run concurrently (bounded by the fetch client).
    private func runSearches(
        _ clients: SourceClients, _ galleries: [GalleryConfig]
    ) async -> [(Result<SearchResult, VitrineError>, FetchScope.Answers)] {
        await withTaskGroup(of: (Int, Result<SearchResult, VitrineError>, FetchScope.Answers).self) { group in
            for (index, gallery) in galleries.enumerated() {
                group.addTask {
                    let scope = FetchScope(Self.prefix(gallery))
                    do throws(VitrineError) {
                        let found = try await scope.run { () async throws(VitrineError) in
                            try await clients.client(for: gallery.source).search(gallery, language: config.language)
                        }
                        return (index, .success(found), scope.recorded)
                    } catch {
                        return (index, .failure(error), scope.recorded)
                    }
                }
            }
            var results: [(Int, Result<SearchResult, VitrineError>, FetchScope.Answers)] = []
            for await result in group {
                results.append(result)
                progress?.update("fetch searches", done: results.count, total: galleries.count)
            }
            progress?.finish("fetch searches")
            return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
        }
    }

    /// Writes a search's snapshot and change record; false when the gallery is left with
    /// nothing (`--strict` refusing an empty result that would replace items).
    private func apply(
        _ found: SearchResult, answers: FetchScope.Answers, gallery: GalleryConfig, existing: Existing?, into outcome: inout Outcome
    ) throws(VitrineError) -> Bool {
        let prefix = Self.prefix(gallery)
        let (items, problems) = Item.checked(found.items, file: prefix, data: nil, jobs: options.jobs) { [.key("results"), .index($0)] }
        for problem in problems { logger.warning("\(problem)") }
        if items.isEmpty, let previous = existing, !previous.snapshot.items.isEmpty {
            let line = "\(prefix): the search returned 0 results; the snapshot of \(previous.date) has \(Format.count(previous.snapshot.items.count, "item", "items"))"
            if fetch.strict {
                outcome.origins[gallery.name] = .failed
                outcome.failures.append(line + "; --strict")
                return false
            }
            logger.warning("\(line); replaced it with an empty result")
        }
        var snapshot = Snapshot(
            gallery: gallery.name, source: gallery.source, query: gallery.requestSummary,
            totalResults: max(0, found.totalResults), items: items, invalidIDs: found.missingIDs.map(TextPolicy.plain)
        )
        let stamp = FetchStamp(answers: answers, now: options.now())
        (snapshot.fetchedAt, snapshot.cacheMaxAge) = (stamp.fetchedAt, stamp.cacheMaxAge)
        let change = try recordChanges(gallery, to: items)
        try write(snapshot, for: gallery)
        outcome.written.append(url(gallery))
        outcome.written.append(options.site.appendingPathComponent(ChangeRecord.path(of: gallery)))
        outcome.changes[gallery.name] = change
        outcome.origins[gallery.name] = .fetched
        logger.info("\(FetchScope.line(gallery: gallery.name, items: found.items.count, source: gallery.source.label, answers: answers))")
        return true
    }

    /// A failed search: keeps the gallery's snapshot where it may (true), else records why
    /// the gallery has nothing (false).
    private func fallBack(
        _ error: VitrineError, gallery: GalleryConfig, existing: Existing?, staleQuery: Bool, into outcome: inout Outcome
    ) -> Bool {
        let prefix = Self.prefix(gallery)
        if let kept = existing, !fetch.strict {
            outcome.origins[gallery.name] = .keptSnapshot
            outcome.failures.append("\(prefix): \(error.message); kept snapshot of \(kept.date)")
        } else {
            outcome.origins[gallery.name] = .failed
            // The snapshot of the old query is no answer to the new one, but --offline builds from it.
            let fallback = staleQuery ? "the snapshot answers the old query (--offline builds from it)" : "no snapshot to fall back on"
            let reason = fetch.strict ? "--strict" : fallback
            outcome.failures.append("\(prefix): \(error.message); \(reason)")
        }
        return existing != nil && !fetch.strict
    }

    /// Looks up id-only favorites, batched per source where its API allows; an id the API
    /// does not know is left out of the favorites page with a warning (`LoadedSite.assemble`),
    /// not a failed build.
    private func resolve(_ unresolved: [ItemID], clients: SourceClients, into outcome: inout Outcome) async throws(VitrineError) {
        let bySource = Dictionary(grouping: unresolved, by: \.source)
        for source in Source.allCases {
            guard let ids = bySource[source] else { continue }
            let name = "favorite\(ids.count == 1 ? "" : "s") \(ids.map { "'\($0)'" }.joined(separator: ", "))"
            do {
                let scope = FetchScope(name)
                let found = try await scope.run { () async throws(VitrineError) in
                    try await clients.client(for: source).lookup(ids.map(\.value), country: nil, language: nil)
                }
                let (items, problems) = Item.checked(found.items, file: name, data: nil, jobs: options.jobs) { _ in [] }
                for problem in problems { logger.warning("\(problem)") }
                let stamp = FetchStamp(answers: scope.recorded, now: options.now())
                for item in items {
                    outcome.resolved[item.id] = item
                    outcome.stamps[item.id] = stamp
                }
                outcome.unknownFavorites += found.missingIDs.map { ItemID(source: source, value: $0) }
            } catch {
                if Task.isCancelled { throw VitrineError.interrupted }
                outcome.failures.append("\(name): \(error.message)")
            }
        }
    }

    // MARK: Snapshots on disk

    struct Existing {
        let snapshot: Snapshot
        /// The snapshot file's date, `2026-11-20`.
        let date: String
    }

    private func url(_ gallery: GalleryConfig) -> URL {
        options.site.appendingPathComponent(gallery.inputPath)
    }

    private func label(_ gallery: GalleryConfig) -> String {
        options.label(gallery.inputPath)
    }

    private func describe(_ gallery: GalleryConfig) -> String {
        gallery.requestSummary.map { "'\($0)'" } ?? "trending"
    }

    /// `fetch 'cats' (giphy)`: how a search's lines begin.
    static func prefix(_ gallery: GalleryConfig) -> String {
        "fetch '\(gallery.name)' (\(gallery.source.rawValue))"
    }

    /// The gallery's snapshot if it exists and is of the gallery's source (it may answer
    /// another query: the caller compares).
    func existingSnapshot(_ gallery: GalleryConfig) throws(VitrineError) -> Existing? {
        guard let snapshot = try reader.gallery(gallery)?.snapshot, snapshot.source == gallery.source else { return nil }
        let modified = reader.folder.modified(gallery.inputPath)
        return Existing(snapshot: snapshot, date: modified.map { String(RFC3339.string(from: $0).prefix(10)) } ?? "unknown date")
    }

    /// Compares the snapshot about to be replaced with `items` and stores what changed in
    /// the gallery's change record (written before the snapshot: a crash between the two
    /// leaves the old snapshot, and the next refresh records the same change again). A
    /// snapshot of another search starts a new record.
    private func recordChanges(_ gallery: GalleryConfig, to items: [Item]) throws(VitrineError) -> ChangeRecord.Refresh {
        let path = ChangeRecord.path(of: gallery)
        let label = options.label(path)
        let old = try reader.gallery(gallery)?.snapshot
        let same = old.map { $0.source == gallery.source && $0.query == gallery.requestSummary } ?? false
        let refresh = ChangeRecord.refresh(from: same ? old?.items : nil, to: items, at: options.now())
        var record = ChangeRecord(gallery: gallery.name)
        if same {
            do {
                record = try ChangeRecord.read(gallery, from: reader.folder, label: label)
            } catch {
                // A side record (merge conflict markers, another version's format) never
                // stops a refresh: said once, and a new record starts.
                logger.warning("\(error.message); a new change record starts")
            }
        }
        let updated = record.applying(refresh, items: items, limit: gallery.history)
        if updated != record { try updated.write(to: options.site.appendingPathComponent(path), label: label) }
        return refresh
    }

    /// Writes next to the final file and renames over it: a crash never leaves half a snapshot.
    private func write(_ snapshot: Snapshot, for gallery: GalleryConfig) throws(VitrineError) {
        let file = url(gallery)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = try VitrineJSON.encode(snapshot)
            // `.NAME.tmp-PID-RANDOM` beside it, which the next build removes if this one is
            // killed (`removeLeftovers`); Foundation's `.dat.nosync…` could not be told apart.
            try AtomicFile.write(bytes, to: file, label: label(gallery), refusingReadOnly: false)
            reader.replace(gallery, with: snapshot, bytes: bytes)
        } catch let error as VitrineError {
            throw error
        } catch {
            throw VitrineError(file: label(gallery), "cannot write snapshot: \(error.localizedDescription)", kind: .output)
        }
    }

    /// Favorites with neither their own stored item nor a copy in any gallery snapshot on disk.
    private func unresolvedFavorites(_ favorites: FavoritesFile) throws(VitrineError) -> [ItemID] {
        // `file:` items come from their catalog, which the read phase loads.
        let needed = favorites.unresolvedIDs.filter { $0.source != .catalog }
        guard !needed.isEmpty else { return [] }
        let known = try reader.knownItems(config)
        return needed.filter { known[$0] == nil }
    }
}
