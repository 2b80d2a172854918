#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build vitrine (and, with --tests, to run
# its browser tests). Safe to run again: it installs only what is missing.
set -euo pipefail

want_tests=0
[ "${1:-}" = "--tests" ] && want_tests=1

packages=()
pkg-config --exists libcmark 2>/dev/null || packages+=(libcmark-dev pkg-config)
if [ "$want_tests" = 1 ]; then
  [ -x /usr/lib/chromium/chromium ] || packages+=(chromium)
  [ -x /usr/bin/chromedriver ] || packages+=(chromium-driver)
fi

if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup: installing ${packages[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if [ "$want_tests" = 1 ]; then
  python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium
fi
