#!/usr/bin/env bash
# Builds the self-contained vitrine — the Swift runtime, Foundation and libcmark linked in,
# the default theme and samples embedded — and stages it in the layout of an install prefix:
#
#   OUT/bin/vitrine
#   OUT/share/man/man1/vitrine.1
#   OUT/share/bash-completion/completions/vitrine
#   OUT/share/zsh/site-functions/_vitrine
#   OUT/share/fish/vendor_completions.d/vitrine.fish
#
# Usage: scripts/build-static.sh [--debug] [--scratch-path DIR] OUT
#   --debug          debug configuration (the CI proof reuses the test build this way);
#                    default: release, in .build-static
#   --scratch-path   SwiftPM's build folder (default: .build-static, or .build with --debug)
#
# `vitrine --version` names the commit (with -dirty for uncommitted changes) and the build
# date (UTC; SOURCE_DATE_EPOCH when set). The build fails if the binary still needs a Swift
# or libcmark shared library. Used by install.sh, dist.sh and test-static.sh.
set -euo pipefail

configuration=release
scratch=""
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) configuration=debug ;;
    --scratch-path) scratch="$2"; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build-static: unknown option $1" >&2; exit 64 ;;
    *) [ -z "$out" ] || { echo "build-static: one OUT folder only" >&2; exit 64; }; out="$1" ;;
  esac
  shift
done
[ -n "$out" ] || { echo "usage: scripts/build-static.sh [--debug] [--scratch-path DIR] OUT" >&2; exit 64; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$(dirname "$0")/.."
if [ -z "$scratch" ]; then
  if [ "$configuration" = debug ]; then scratch=.build; else scratch=.build-static; fi
fi
case "$scratch" in /*) ;; *) scratch="$(pwd)/$scratch" ;; esac

bash scripts/setup.sh

# Static libcmark (and zlib, which swift-nio-extras links): a folder holding only their
# archives, named by a copy of libcmark.pc whose Libs line points there instead of the
# system folder. The linker searches it first, so `-lcmark` and `-lz` find the `.a` files;
# Cflags are unchanged, so nothing is compiled again for it.
libdir="$(pkg-config --variable=libdir libcmark)"
[ -f "$libdir/libcmark.a" ] || { echo "build-static: $libdir/libcmark.a not found (Debian: libcmark-dev)" >&2; exit 1; }
static_libs="$scratch/static-libs"
mkdir -p "$static_libs/pkgconfig"
ln -sf "$libdir/libcmark.a" "$static_libs/libcmark.a"
[ ! -f "$libdir/libz.a" ] || ln -sf "$libdir/libz.a" "$static_libs/libz.a"
sed "s|^Libs:.*|Libs: -L$static_libs -lcmark|" "$(pkg-config --variable=pcfiledir libcmark)/libcmark.pc" \
  >"$static_libs/pkgconfig/libcmark.pc"

# What `vitrine --version` reports (Plugins/StampBuild); never part of a page.
commit=""
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit="$(git rev-parse --short=7 HEAD)"
  [ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
fi
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  date="$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)"
else
  date="$(date -u +%F)"
fi
export VITRINE_BUILD_COMMIT="$commit" VITRINE_BUILD_DATE="$date"

# Linked statically, the executable's own module is also compiled against the static
# Foundation (its objects name the static libraries to link), and swift-driver's incremental
# build does not notice the switch. In a build folder shared with plain builds (.build, for
# the CI proof), compile that module afresh here (without its objects the driver compiles
# every file), and make the next plain build do the same.
module="$scratch/$configuration/vitrine.build"
shared=0
[ "$scratch" = "$(pwd)/.build-static" ] || shared=1
[ "$shared" = 0 ] || rm -f "$module"/*.o

flags=(-c "$configuration" --scratch-path "$scratch" --static-swift-stdlib --pkg-config-path "$static_libs/pkgconfig")
echo "build-static: swift build ${flags[*]} --product vitrine" >&2
swift build "${flags[@]}" --product vitrine
binary="$scratch/$configuration/vitrine"

# Self-contained, or no binary at all.
libraries="$(ldd "$binary")"
if grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libcmark|not found' <<<"$libraries"; then
  echo "build-static: $binary still needs these shared libraries:" >&2
  grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libcmark|not found' <<<"$libraries" >&2
  exit 1
fi

install -d "$out/bin" "$out/share/man/man1" "$out/share/bash-completion/completions" \
  "$out/share/zsh/site-functions" "$out/share/fish/vendor_completions.d"
install -m 755 "$binary" "$out/bin/vitrine"
[ "$configuration" = debug ] || strip "$out/bin/vitrine"
[ "$shared" = 0 ] || rm -f "$module"/*.o "$binary"

vitrine="$out/bin/vitrine"
"$vitrine" --generate-completion-script bash >"$out/share/bash-completion/completions/vitrine"
"$vitrine" --generate-completion-script zsh >"$out/share/zsh/site-functions/_vitrine"
"$vitrine" --generate-completion-script fish >"$out/share/fish/vendor_completions.d/vitrine.fish"
"$vitrine" --experimental-dump-help | python3 scripts/manpage.py --date "$date" --version "vitrine $("$vitrine" --version | cut -d" " -f2)" >"$out/share/man/man1/vitrine.1"

echo "build-static: $("$vitrine" --version), $(du -h "$vitrine" | cut -f1) in $out" >&2
