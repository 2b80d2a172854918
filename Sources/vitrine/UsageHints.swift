import ArgumentParser

/// "Did you mean …?" for a mistyped command or option, before the argument parser reads the
/// line: a word that is not a command names the nearest one (`bild` → `build`, `serv` →
/// `serve`); an option spelled in another tool's way names vitrine's (`--baseURL` →
/// `--base-url`, Hugo's `--bind` → `--host`). The argument parser itself only suggests
/// options one or two letters away, and never a command.
enum UsageHints {
    /// Options of other site generators and their vitrine names.
    static let habits: [String: String] = [
        "--bind": "--host", "--destination": "--output", "-d": "--output", "--watch": "serve",
    ]

    /// One line for `arguments` (the command line less the program), or nil when the parser
    /// should read it as it is.
    static func hint(for arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "vitrine"]
        var index = 0
        // Down the subcommands named first.
        while index < arguments.count, !command.configuration.subcommands.isEmpty {
            let word = arguments[index]
            // --help, --version, completion scripts, and the parser's own `help` command.
            if word.hasPrefix("-") || word == "help" { return nil }
            guard let next = subcommand(named: word, of: command) else {
                let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
                let suggestion = nearest(to: word, in: names).map { " Did you mean '\($0)'?" } ?? ""
                return "unknown command '\(word)' for '\(path.joined(separator: " "))'.\(suggestion) (commands: \(names.joined(separator: ", ")))"
            }
            command = next
            path.append(next.configuration.commandName ?? word)
            index += 1
        }
        let options = self.options(of: command)
        var takesValue = false
        for argument in arguments[index...] {
            if argument == "--" { break }
            if takesValue {
                takesValue = false
                continue
            }
            guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil else { continue }
            let name = String(argument.split(separator: "=", maxSplits: 1)[0])
            if let known = options[name] {
                takesValue = known && !argument.contains("=")
                continue
            }
            // `-vo out`: short flags run together, as the parser takes them.
            if !name.hasPrefix("--"), name.dropFirst().allSatisfy({ options["-\($0)"] != nil }) {
                takesValue = options["-\(name.last!)"] == true
                continue
            }
            guard let suggestion = suggestion(for: name, among: Array(options.keys)) else { return nil }
            let help = "see 'vitrine \(path.dropFirst().joined(separator: " ")) --help'"
            if suggestion.hasPrefix("-") {
                return "unknown option '\(name)'. Did you mean '\(suggestion)'? (\(help))"
            }
            return "unknown option '\(name)'; vitrine does that with 'vitrine \(suggestion)' (\(help))"
        }
        return nil
    }

    /// The subcommand called `word` (its name or an alias).
    static func subcommand(named word: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first {
            $0.configuration.commandName == word || $0.configuration.aliases.contains(word)
        }
    }

    /// The command's option names (`--base-url`, `-b`), each with whether it takes a value,
    /// read from its help text: the one list of them the argument parser makes public.
    static func options(of command: ParsableCommand.Type) -> [String: Bool] {
        var options: [String: Bool] = ["--help": false, "-h": false]
        let help = command.helpMessage(includeHidden: true, columns: 10_000)
        for line in help.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("-") else { continue }
            // `-o, --output <output>   Where to write…`: names up to the first value or the gap.
            let declaration = text.components(separatedBy: "  ")[0]
            let takesValue = declaration.contains("<")
            for word in declaration.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                // `--[no-]flag`: both spellings.
                if word.contains("[no-]") {
                    options[word.replacingOccurrences(of: "[no-]", with: "")] = false
                    options[word.replacingOccurrences(of: "[no-]", with: "no-")] = false
                } else {
                    options[String(word)] = takesValue
                }
            }
        }
        return options
    }

    /// What `name` most likely meant: a habit of another tool, the same name in another case
    /// or with `_` for `-`, or one at most two edits away.
    static func suggestion(for name: String, among names: [String]) -> String? {
        if let habit = habits[name.lowercased()] { return habit }
        let folded = fold(name)
        if let same = names.first(where: { fold($0) == folded }) { return same }
        return nearest(to: name, in: names.filter { $0.hasPrefix("--") == name.hasPrefix("--") })
    }

    /// `--baseURL`, `--base_url` and `--base-url` alike.
    static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// The name `word` starts, or the one at most two edits away (the nearest, then the
    /// first in order).
    static func nearest(to word: String, in names: [String]) -> String? {
        if word.count >= 3, let started = names.first(where: { $0.hasPrefix(word) }) { return started }
        let scored = names.map { (name: $0, distance: distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= (word.count <= 3 ? 1 : 2) else {
            return nil
        }
        return best.name
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
