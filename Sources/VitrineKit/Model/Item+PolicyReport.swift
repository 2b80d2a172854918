import Foundation
import Synchronization

extension Item {
    /// At most this many problems of one file are listed; the rest are counted in one line.
    static let problemsListedPerFile = 5

    /// Checks items read from a file (`Item.checked`) and turns their problems into warnings
    /// that name the file, line, column, item and field:
    /// `Site/data/popular.json:12:23: items[0] 'tmdb:550' movie.voteAverage: 1e+18 is not a rating from 0 to 10; left out`.
    /// `location(index)` is the key path of the index-th item in the file.
    /// `field` maps an item's field path to the file's, where the file's shape differs (catalogs).
    static func checked(
        _ items: [Item], file: String, data: Data?, field: ([String]) -> [String] = { $0 }, location: (Int) -> [JSONLocator.Step]
    ) -> (items: [Item], warnings: [String]) {
        let result = checkedFlagging(items, file: file, data: data, field: field, location: location)
        return (result.items, result.warnings)
    }

    /// `checked`, and for each item whether the policies found a problem in it.
    static func checkedFlagging(
        _ items: [Item], file: String, data: Data?, field: ([String]) -> [String] = { $0 }, location: (Int) -> [JSONLocator.Step]
    ) -> (items: [Item], warnings: [String], flagged: [Bool]) {
        let (checked, problems) = checkedInParallel(items)
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
    /// long list is split between the cores (each check depends on its item only), each
    /// writing its run of the result in place.
    private static func checkedInParallel(_ items: [Item]) -> (items: [Item], problems: [(index: Int, problems: [Problem])]) {
        let jobs = items.count >= 2000 ? min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard jobs > 1 else {
            var problems: [(index: Int, problems: [Problem])] = []
            let checked = items.enumerated().map { index, item in
                let (clean, found) = item.checked()
                if !found.isEmpty { problems.append((index, found)) }
                return clean
            }
            return (checked, problems)
        }
        let found = Mutex<[[(index: Int, problems: [Problem])]]>(Array(repeating: [], count: jobs))
        let checked = [Item](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            // Each job initialises only its own run of the buffer.
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: jobs) { job in
                var problems: [(index: Int, problems: [Problem])] = []
                for index in items.count * job / jobs..<items.count * (job + 1) / jobs {
                    let (clean, itemProblems) = items[index].checked()
                    (buffer.baseAddress! + index).initialize(to: clean)
                    if !itemProblems.isEmpty { problems.append((index, itemProblems)) }
                }
                found.withLock { $0[job] = problems }
            }
            initialized = items.count
        }
        return (checked, found.withLock { $0 }.flatMap { $0 })
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
    /// input policies; `totalResults` at least the item count.
    static func read(_ data: Data, file: String) throws(VitrineError) -> (snapshot: Snapshot, warnings: [String]) {
        var snapshot = try JSONFile.decode(Snapshot.self, from: data, file: file)
        let (items, warnings) = Item.checked(snapshot.items, file: file, data: data) { [.key("items"), .index($0)] }
        snapshot.items = items
        snapshot.totalResults = max(snapshot.totalResults, items.count)
        snapshot.query = snapshot.query.map(TextPolicy.plain)
        snapshot.invalidIDs = snapshot.invalidIDs.map(TextPolicy.plain)
        return (snapshot, warnings)
    }
}
