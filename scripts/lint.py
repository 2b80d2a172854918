#!/usr/bin/env python3
"""The house rules a compiler does not check, for VitrineKit (see CONTRIBUTING in the README):

  * byte-level code lives behind its fence, in the VitrineBytes target: no `Unsafe…` type,
    `memchr`, `memcmp`, `nonisolated(unsafe)`, `@unchecked` or `DispatchQueue` in VitrineKit;
  * no function, initializer or subscript longer than 80 lines, declaration to closing brace;
  * layers point one way: the foundation (Support/, Model/) uses no type declared in a feature
    folder (Build/, Catalogs/, Fetch/, Render/, Site/, Serve/ …).

`scripts/lint.py` checks both and exits 1 naming file:line for each fault;
`scripts/lint.py --longest N` prints the N longest functions of VitrineKit.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "Sources" / "VitrineKit"
LIMIT = 80
FORBIDDEN = re.compile(r"\bUnsafe[A-Z]\w*|\bmemchr\b|\bmemcmp\b|nonisolated\(unsafe\)|@unchecked\b|\bDispatchQueue\b")
FOUNDATION = ("Support", "Model")
TYPE = re.compile(r"^(?:public |internal |private |fileprivate |final |indirect )*(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)", re.M)
DECL = re.compile(r"(?<![.\w])(func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|subscript(?=\s*[(<])|deinit(?=\s*\{))")


def blank(source: str) -> str:
    """The source with every comment and string literal's text replaced by spaces (newlines
    kept), so that braces and words are only the code's."""
    out = list(source)
    n = len(source)
    i = 0

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def string_end(i):
        # i at the first '#' or '"'; returns the index after the literal's end.
        hashes = 0
        while source[i] == "#":
            hashes += 1
            i += 1
        multi = source.startswith('"""', i)
        i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if source.startswith(escape, i):
                j = i + len(escape)
                if j < n and source[j] == "(":
                    i = code_end(j + 1, ")")
                    continue
                i = j + 1
                continue
            if source.startswith(close, i):
                return i + len(close)
            i += 1
        return n

    def code_end(i, closer):
        # Scans code (inside an interpolation) to its matching ')'; returns the index after it.
        depth = 0
        while i < n:
            c = source[i]
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
            elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
                i = string_end(i)
                continue
            i += 1
        return n

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i : i + 8])):
            j = string_end(i)
            wipe(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


def functions(path: Path):
    """(name, first line, length in lines) of every function, initializer and subscript."""
    code = blank(path.read_text())
    found = []
    for m in DECL.finditer(code):
        # The body: the first '{' after the declaration at parenthesis depth 0.
        i, depth = m.end(), 0
        while i < len(code):
            c = code[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
                if depth < 0:
                    i = -1
                    break
            elif c == "{" and depth == 0:
                break
            elif c in ";}" and depth == 0:
                i = -1  # a requirement in a protocol: no body
                break
            i += 1
        if i < 0 or i >= len(code):
            continue
        braces, j = 0, i
        while j < len(code):
            if code[j] == "{":
                braces += 1
            elif code[j] == "}":
                braces -= 1
                if braces == 0:
                    break
            j += 1
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, j) + 1
        found.append((m.group(1).replace("func ", "").strip(), first, last - first + 1))
    return found


def layer_faults(files):
    """A foundation file naming a top-level type of a feature folder, one fault each."""
    folder = lambda path: path.relative_to(KIT).parts[0]
    owners = {}
    for path in files:
        for m in TYPE.finditer(blank(path.read_text())):
            owners.setdefault(m.group(1), folder(path))
    features = {name: owner for name, owner in owners.items() if owner not in FOUNDATION}
    faults = []
    for path in files:
        if folder(path) not in FOUNDATION:
            continue
        code = blank(path.read_text())
        for name, owner in sorted(features.items()):
            m = re.search(r"\b" + name + r"\b", code)
            if m:
                line = code.count("\n", 0, m.start()) + 1
                faults.append(f"{path.relative_to(ROOT)}:{line}: `{name}` belongs to {owner}/; the foundation ({', '.join(FOUNDATION)}) uses no feature folder")
    return faults


def main() -> int:
    files = sorted(KIT.rglob("*.swift"))
    if len(sys.argv) == 3 and sys.argv[1] == "--longest":
        rows = [(length, f"{path.relative_to(ROOT)}:{line}", name) for path in files for name, line, length in functions(path)]
        for length, where, name in sorted(rows, reverse=True)[: int(sys.argv[2])]:
            print(f"{length:4d}  {name}  {where}")
        return 0
    faults = []
    for path in files:
        rel = path.relative_to(ROOT)
        code = blank(path.read_text())
        for number, line in enumerate(code.splitlines(), 1):
            for m in FORBIDDEN.finditer(line):
                faults.append(f"{rel}:{number}: `{m.group(0)}` is byte-level code; it belongs in Sources/VitrineBytes")
        for name, line, length in functions(path):
            if length > LIMIT:
                faults.append(f"{rel}:{line}: {name} is {length} lines; the house limit is {LIMIT}")
    faults += layer_faults(files)
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults:
        print(f"lint: {len(faults)} faults", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
