#!/usr/bin/env python3
"""Writes vitrine.1, the man page, from the command definitions.

Reads the JSON that swift-argument-parser prints for `vitrine --experimental-dump-help`
(its ToolInfo format, version 0) on standard input and writes a man(7) page on standard
output: the root command's abstract and discussion, its options, then one subsection per
command (`vitrine build`, `vitrine favorites add`, ...) with its synopsis, description and
options, and vitrine's exit statuses. Used by scripts/build-static.sh:

    vitrine --experimental-dump-help | python3 scripts/manpage.py --date 2026-11-30 > vitrine.1
"""
import argparse
import json
import re
import sys

def exit_statuses(discussion):
    """The root discussion before its exit-status table, the table's rows, and its closing
    note: `vitrine --help` ends its discussion with the table (Sources/vitrine/ExitStatus.swift),
    the one place it is written. A row is `  64   meaning`, its meaning continued on lines
    indented deeper; the lines after the rows are the note."""
    text = discussion or ""
    start = text.find("Exit status:\n")
    if start < 0:
        return text, [], ""
    rows, rest = [], []
    for line in text[start:].splitlines()[1:]:
        row = re.match(r"  (\d+) +(.*)", line)
        if row:
            rows.append([row.group(1), row.group(2)])
        elif line.startswith("   ") and rows and not rest:
            rows[-1][1] += " " + line.strip()
        else:
            rest.append(line)
    return text[:start].strip(), rows, "\n".join(rest).strip()


def escape(text):
    """Text for roff: backslashes escaped, and the dashes of options (`--offline`, `-q`) made
    minus signs, so they copy as typed; a hyphen inside a word stays a hyphen."""
    return re.sub(r"(?<![\w-])-[\w-]*", lambda option: option.group(0).replace("-", "\\-"), text.replace("\\", "\\e"))


def paragraphs(text):
    """Lines of roff for free text: blank lines become paragraph breaks, and no line starts
    with a control character."""
    lines = []
    for block in (text or "").strip().split("\n\n"):
        block = " ".join(line.strip() for line in block.strip().splitlines())
        if not block:
            continue
        if lines:
            lines.append(".PP")
        lines.append(("\\&" if block[0] in ".'" else "") + escape(block))
    return lines


def names(argument):
    """`\\fB\\-o\\fR, \\fB\\-\\-output\\fR`"""
    spelled = []
    for name in sorted(argument.get("names", []), key=lambda name: name["kind"] != "short"):
        dashes = "--" if name["kind"] == "long" else "-"
        spelled.append("\\fB" + escape(dashes + name["name"]) + "\\fR")
    return ", ".join(spelled)


def value(argument):
    return "\\fI" + escape(argument.get("valueName") or "value") + "\\fR"


def preferred(argument):
    name = argument.get("preferredName") or argument["names"][0]
    return "\\fB" + escape(("--" if name["kind"] == "long" else "-") + name["name"]) + "\\fR"


def visible(command):
    return [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
            and not is_builtin(a)]


def is_builtin(argument):
    """--help and --version, which every command has; listed once, for the root."""
    spelled = {n["name"] for n in argument.get("names", [])}
    return argument["kind"] == "flag" and spelled & {"help", "version"} and spelled <= {"h", "help", "version"}


def synopsis(path, command):
    parts = ["\\fB" + escape(" ".join(path)) + "\\fR"]
    if command.get("subcommands"):
        parts.append("\\fIcommand\\fR")
    for argument in visible(command):
        if argument["kind"] == "positional":
            word = "\\fI" + escape(argument.get("valueName") or "value") + "\\fR"
        elif argument["kind"] == "option":
            word = preferred(argument) + " " + value(argument)
        else:
            word = preferred(argument)
        if argument.get("isRepeating"):
            word += " ..."
        parts.append("[" + word + "]" if argument.get("isOptional") else word)
    return ["\\&" + " ".join(parts)]


def describe_arguments(command):
    lines = []
    for argument in visible(command):
        lines.append(".TP")
        if argument["kind"] == "positional":
            lines.append("\\fI" + escape(argument.get("valueName") or "value") + "\\fR")
        elif argument["kind"] == "option":
            lines.append(names(argument) + " " + value(argument))
        else:
            lines.append(names(argument))
        text = (argument.get("abstract") or "").strip()
        default = argument.get("defaultValue")
        # A default the help already words (`--jobs`: the number of cores) is not repeated:
        # its value is this machine's, and the page must not depend on where it was built.
        if default not in (None, "", "false") and argument["kind"] != "flag" and "(default" not in text:
            text += (" " if text else "") + "(default: " + default + ")"
        body = paragraphs(text) + (paragraphs(argument["discussion"]) if argument.get("discussion") else [])
        lines += body or ["\\&"]
    return lines


def commands(path, command):
    """Every command below `command`, depth first, with its full name."""
    for sub in command.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        full = path + [sub["commandName"]]
        yield full, sub
        yield from commands(full, sub)


def page(tool, date, version):
    root = tool["command"]
    name = root["commandName"]
    out = [
        '.TH "%s" 1 "%s" "%s" "User Commands"' % (name.upper(), date, escape(version or name)),
        ".nh",
        ".ad l",
        ".SH NAME",
        escape(name) + " \\- " + escape((root.get("abstract") or "").rstrip(".")),
        ".SH SYNOPSIS",
    ]
    out += synopsis([name], root)
    description, statuses, note = exit_statuses(root.get("discussion"))
    out += [".SH DESCRIPTION"] + paragraphs(description or root.get("abstract"))
    out += [".PP", "Every command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR; \\fB" + escape(name)
            + " \\-\\-version\\fR prints the version, and the commit and build date when known."]
    out += [".SH COMMANDS"]
    for path, command in commands([name], root):
        out += [".SS \"" + escape(" ".join(path)) + "\""]
        out += synopsis(path, command)
        out += [".PP"] + paragraphs(command.get("abstract"))
        if command.get("discussion"):
            out += [".PP"] + paragraphs(command["discussion"])
        arguments = describe_arguments(command)
        if arguments:
            out += [".PP", "\\fBArguments and options\\fR", ".RS"] + arguments + [".RE"]
    out += [".SH EXIT STATUS"]
    for status, meaning in statuses:
        out += [".TP", status] + paragraphs(meaning)
    if note:
        out += [".PP"] + paragraphs(note)
    out += [".SH SEE ALSO", "The README in vitrine's source tree, or in its release tarball."]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", required=True, help="the page's date, YYYY-MM-DD")
    parser.add_argument("--version", default="", help="the footer's source, e.g. 'vitrine 0.2.0'")
    options = parser.parse_args()
    tool = json.load(sys.stdin)
    if tool.get("serializationVersion") != 0:
        sys.exit("manpage.py: unknown dump-help version %r" % tool.get("serializationVersion"))
    sys.stdout.write(page(tool, options.date, options.version))


if __name__ == "__main__":
    main()
