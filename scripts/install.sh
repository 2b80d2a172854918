#!/usr/bin/env bash
# Builds the self-contained vitrine (scripts/build-static.sh: release, about 10 minutes on
# 2 cores the first time) and installs it under PREFIX (default ~/.local):
#
#   PREFIX/bin/vitrine
#   PREFIX/share/man/man1/vitrine.1
#   PREFIX/share/bash-completion/completions/vitrine
#   PREFIX/share/zsh/site-functions/_vitrine
#   PREFIX/share/fish/vendor_completions.d/vitrine.fish
#
# Usage: scripts/install.sh [PREFIX]
set -euo pipefail

[ $# -le 1 ] && [ "${1:-}" != -h ] && [ "${1:-}" != --help ] || {
  echo "usage: scripts/install.sh [PREFIX]   (default: ~/.local)" >&2
  exit 64
}
prefix="${1:-$HOME/.local}"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
cd "$(dirname "$0")/.."

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
bash scripts/build-static.sh "$stage"

install -D -m 755 "$stage/bin/vitrine" "$prefix/bin/vitrine"
(cd "$stage" && find share -type f) | while read -r file; do
  install -D -m 644 "$stage/$file" "$prefix/$file"
done

echo "installed $("$prefix/bin/vitrine" --version) in $prefix/bin"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
