#!/usr/bin/env bash
# Proves the self-contained vitrine stands alone (a step of .ci/run, after scripts/test.sh):
#
# 1. builds it with scripts/build-static.sh — in the debug configuration and in .build, so
#    it reuses what `swift build --build-tests` compiled and only relinks (the release build
#    of install.sh and dist.sh links the same way, with the optimiser on);
# 2. `ldd`: no Swift runtime, Foundation, dispatch or libcmark shared library (build-static.sh
#    refuses such a binary) and nothing under the toolchain;
# 3. copies the binary into an empty temporary folder and runs it there in a mount namespace
#    where the toolchain's folder is empty (`unshare -m` + a bind mount), with an empty
#    environment: `--version`, `build` of a copy of the example site (--offline), `check`,
#    `new` + `build` + `check`, `serve` with one page fetched by curl;
# 4. the man page renders with `man -l` without a warning; the completion scripts are there.
#
# Usage: scripts/test-static.sh [--release]   (--release: the release build of install.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

build_flags=(--debug)
[ "${1:-}" = --release ] && build_flags=()

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-static: FAIL: $*" >&2; exit 1; }

bash scripts/build-static.sh "${build_flags[@]}" "$work/stage"
stage="$work/stage"

# What to hide: the toolchain's folder (/opt/swift for /opt/swift/usr/bin/swift); when the
# toolchain lives in /usr itself (the swift Docker images), its Swift libraries (/usr/lib/swift).
swift_binary="$(readlink -f "$(command -v swift)")"
toolchain="$(dirname "$(dirname "$(dirname "$swift_binary")")")"
case "$toolchain" in
  / | /usr) toolchain="$(dirname "$(dirname "$swift_binary")")/lib/swift" ;;
esac

echo "test-static: ldd bin/vitrine" >&2
ldd "$stage/bin/vitrine" | tee "$work/ldd.txt" >&2
if grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libcmark|not found' "$work/ldd.txt"; then
  fail "the binary needs a Swift or libcmark shared library"
fi
grep -qF "$toolchain/" "$work/ldd.txt" && fail "the binary loads a library from $toolchain"

# A copy in a folder of its own, with the example site; nothing beside the binary.
mkdir -p "$work/run/bin" "$work/run/tmp" "$work/run/home"
cp "$stage/bin/vitrine" "$work/run/bin/vitrine"
cp -R Site "$work/run/Site"
rm -rf "$work/run/Site/public" "$work/run/Site/.vitrine-cache"

cat >"$work/run/steps.sh" <<'STEPS'
set -euo pipefail
cd "$RUN"
step() { echo "test-static: $*" >&2; }
server=""
trap '[ -z "$server" ] || kill "$server" 2>/dev/null || true' EXIT
[ -z "$(ls -A "$TOOLCHAIN")" ] || { echo "the toolchain is visible at $TOOLCHAIN" >&2; exit 1; }

step "vitrine --version: $(bin/vitrine --version)"
step "build the example site"
bin/vitrine build Site --offline --quiet
[ -s Site/public/index.html ] || { echo "no Site/public/index.html" >&2; exit 1; }
step "check it"
bin/vitrine check Site --quiet
step "new + build + check"
bin/vitrine new fresh --source giphy --quiet
bin/vitrine build fresh --offline --quiet
bin/vitrine check fresh --quiet

step "serve it and fetch a page"
bin/vitrine serve Site --offline --port 0 --quiet >serve.out 2>serve.err &
server=$!
url=""
for _ in $(seq 1 300); do
  url="$(sed -n 's/^serving .* at \(http[^ ]*\)$/\1/p' serve.out)"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat serve.err >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "serve printed no URL" >&2; cat serve.err >&2; exit 1; }
curl -fsS "$url" -o page.html
grep -q '<html' page.html || { echo "$url did not answer with a page" >&2; exit 1; }
kill -INT "$server"
wait "$server" || { echo "serve did not stop cleanly" >&2; cat serve.err >&2; exit 1; }
server=""
step "served $url ($(wc -c <page.html) bytes)"
STEPS

environment=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/run/home" TMPDIR="$work/run/tmp"
  LANG=C.UTF-8 RUN="$work/run" TOOLCHAIN="$toolchain")
if unshare -m true 2>/dev/null; then
  echo "test-static: running from $work/run/bin with $toolchain hidden (unshare -m)" >&2
  mkdir -p "$work/empty"
  unshare -m bash -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' hide "$work/empty" "$toolchain" \
    "${environment[@]}" bash "$work/run/steps.sh"
else
  # Without the right to mount (not root, no user namespaces) the toolchain stays visible;
  # ldd above already showed nothing is loaded from it.
  echo "test-static: warning: unshare -m not permitted; running with an empty environment only" >&2
  mkdir -p "$work/empty"
  "${environment[@]}" TOOLCHAIN="$work/empty" bash "$work/run/steps.sh"
fi

echo "test-static: man -l share/man/man1/vitrine.1" >&2
page="$stage/share/man/man1/vitrine.1"
MANWIDTH=80 man --warnings -l "$page" >"$work/man.txt" 2>"$work/man.err" || { cat "$work/man.err" >&2; fail "man -l failed"; }
[ ! -s "$work/man.err" ] || { cat "$work/man.err" >&2; fail "the man page renders with warnings"; }
for section in NAME SYNOPSIS DESCRIPTION; do
  grep -q "^$section" "$work/man.txt" || fail "the man page has no $section section"
done
for command in build serve check new favorites; do
  grep -q "$command" "$work/man.txt" || fail "the man page does not mention '$command'"
done

echo "test-static: completions" >&2
share="$stage/share"
grep -q '^complete .*-F _vitrine vitrine$' "$share/bash-completion/completions/vitrine" || fail "bash completion script"
grep -q '^#compdef vitrine' "$share/zsh/site-functions/_vitrine" || fail "zsh completion script"
grep -q "^complete -c 'vitrine'" "$share/fish/vendor_completions.d/vitrine.fish" || fail "fish completion script"
bash -n "$share/bash-completion/completions/vitrine" || fail "the bash completion script does not parse"
for shell in bash zsh fish; do
  script="$("$stage/bin/vitrine" --generate-completion-script "$shell")"
  grep -q favorites <<<"$script" || fail "$shell completions lack 'favorites'"
done
cmp -s <("$stage/bin/vitrine" --generate-completion-script zsh) "$share/zsh/site-functions/_vitrine" \
  || fail "the installed zsh script is not the binary's own"

echo "test-static: ok in $((SECONDS - started)) s ($(du -h "$stage/bin/vitrine" | cut -f1) binary)" >&2
