import Foundation
import VitrineBytes

extension Item {
    /// At most this many problems of one file are listed; the rest are counted in one line.
    static let problemsListedPerFile = 5

    /// Checks items read from a file (`Item.checked`) and turns their problems into warnings
    /// that name the file, line, column, item and field:
    /// `Site/data/popular.json:12:23: items[0] 'tmdb:550' movie.voteAverage: 1e+18 is not a rating from 0 to 10; left out`.
    /// `location(index)` is the key path of the index-th item in the file.
    /// `field` maps an item's field path to the file's, where the file's shape differs (catalogs).
    /// A long list is checked on up to `jobs` threads (the build's `--jobs`).
    static func checked(
        _ items: [Item], file: String, data: Data?, jobs: Int, field: ([String]) -> [String] = { $0 },
        location: (Int) -> [JSONLocator.Step]
    ) -> (items: [Item], warnings: [String]) {
        let result = checkedFlagging(items, file: file, data: data, jobs: jobs, field: field, location: location)
        return (result.items, result.warnings)
    }

    /// `checked`, and for each item whether the policies found a problem in it.
    static func checkedFlagging(
        _ items: [Item], file: String, data: Data?, jobs: Int, field: ([String]) -> [String] = { $0 }, location: (Int) -> [JSONLocator.Step]
    ) -> (items: [Item], warnings: [String], flagged: [Bool]) {
        let (checked, problems) = checkedInParallel(items, jobs: jobs)
        var flagged = [Bool](repeating: false, count: checked.count)
        var warnings: [String] = []
        var more = 0
        for (index, found) in problems {
            flagged[index] = true
            let clean = checked[index]
            for problem in found {
                guard warnings.count < problemsListedPerFile else {
                    more += 1
                    continue
                }
                let steps = location(index) + field(problem.path).map { Int($0).map(JSONLocator.Step.index) ?? .key($0) }
                let position = data.flatMap { JSONLocator.position(of: steps, in: $0) }
                let itemPath = JSONFile.keyPath(location(index).map(\.codingKey))
                warnings.append(
                    VitrineError(
                        file: file, line: position?.line, column: position?.column,
                        (itemPath.isEmpty ? "" : itemPath + " ") + "'\(TextPolicy.terminal(clean.id.description))' \(problem)", kind: .invalidInput
                    ).message)
            }
        }
        if more > 0 {
            warnings.append("\(file): \(Format.count(more, "more value", "more values")) out of range left out")
        }
        return (checked, warnings, flagged)
    }

    /// `checked()` of every item, in order, and the problems found, by index in order; a
    /// long list is split between up to `jobs` threads (each check depends on its item only).
    private static func checkedInParallel(_ items: [Item], jobs: Int) -> (items: [Item], problems: [(index: Int, problems: [Problem])]) {
        let results = items.parallelMap(jobs: jobs) { $0.checked() }
        var problems: [(index: Int, problems: [Problem])] = []
        for (index, result) in results.enumerated() where !result.1.isEmpty { problems.append((index, result.1)) }
        return (results.map(\.0), problems)
    }
}

extension JSONLocator.Step {
    var codingKey: any CodingKey {
        switch self {
        case .key(let name): AnyKey(stringValue: name)
        case .index(let index): AnyKey(intValue: index)
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }
}

extension Snapshot {
    /// Reads a snapshot file: JSON errors with file, line and column; every item through the
    /// input policies (on up to `jobs` threads); `totalResults` at least the item count.
    static func read(_ data: Data, file: String, jobs: Int) throws(VitrineError) -> (snapshot: Snapshot, warnings: [String]) {
        var snapshot = try JSONFile.decode(Snapshot.self, from: data, file: file)
        let (items, warnings) = Item.checked(snapshot.items, file: file, data: data, jobs: jobs) { [.key("items"), .index($0)] }
        snapshot.items = items
        snapshot.totalResults = max(snapshot.totalResults, items.count)
        snapshot.query = snapshot.query.map(TextPolicy.plain)
        snapshot.invalidIDs = snapshot.invalidIDs.map(TextPolicy.plain)
        return (snapshot, warnings)
    }
}
