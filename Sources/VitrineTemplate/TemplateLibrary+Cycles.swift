extension TemplateLibrary {
    /// A cycle of inclusions that always happen — outside every section (which data may
    /// stop) and every block (which a child may replace) — first name repeated last.
    func unconditionalCycle() -> [String]? {
        let edges = templates.map { Self.unconditionalInclusions($0.nodes) }
        var state = [UInt8](repeating: 0, count: templates.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        func visit(_ node: Int) -> [String]? {
            state[node] = 1
            path.append(node)
            for next in edges[node] {
                if state[next] == 1 { return cycle(in: path + [next]) }
                if state[next] == 0, let found = visit(next) { return found }
            }
            path.removeLast()
            state[node] = 2
            return nil
        }
        for start in templates.indices where state[start] == 0 {
            if let found = visit(start) { return found }
        }
        return nil
    }

    /// Names the cycle at the end of an inclusion chain: from the last template's previous
    /// appearance to itself (the whole chain when it does not repeat).
    func cycle(in chain: [Int]) -> [String] {
        guard let last = chain.last, let first = chain.dropLast().lastIndex(of: last) else {
            return chain.map { templates[$0].name }
        }
        return chain[first...].map { templates[$0].name }
    }

    private static func unconditionalInclusions(_ nodes: [Template.Node]) -> [Int] {
        nodes.compactMap { node in
            guard case .include(let inclusion) = node, case .resolved(let target?) = inclusion.target else { return nil }
            return target
        }
    }
}
