#!/usr/bin/env bash
# Builds the release tarball of the self-contained vitrine (scripts/build-static.sh) and its
# SHA-256, into OUT (default: dist/, ignored by git):
#
#   OUT/vitrine-VERSION-linux-ARCH.tar.gz          ARCH: x86_64 or aarch64, this machine's
#   OUT/vitrine-VERSION-linux-ARCH.tar.gz.sha256   checked by `sha256sum -c`
#
# The tarball holds one folder, vitrine-VERSION-linux-ARCH/, laid out like an install prefix
# (bin/, share/man, share/bash-completion, share/zsh, share/fish) plus README.md, LICENSE and docs/
# Files are sorted, owned by 0:0 and dated SOURCE_DATE_EPOCH (default: the commit's time).
#
# Usage: scripts/dist.sh [OUT]
set -euo pipefail

out="${1:-dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$(dirname "$0")/.."

if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git rev-parse --git-dir >/dev/null 2>&1; then
  SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)"
fi
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(date +%s)}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/stage"
bash scripts/build-static.sh "$stage"

# `vitrine 0.2.0 (a1b2c3d, 2026-11-30)` → 0.2.0
version="$("$stage/bin/vitrine" --version | awk '{ print $2 }')"
name="vitrine-$version-linux-$(uname -m)"
mkdir "$work/$name"
cp -R "$stage/bin" "$stage/share" "$work/$name/"
cp README.md LICENSE "$work/$name/"
cp -R docs "$work/$name/"   # the README's screenshot and its links to docs/

tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -cf - "$name" | gzip -n -9 >"$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

echo "dist: $out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1))"
cat "$out/$name.tar.gz.sha256"
