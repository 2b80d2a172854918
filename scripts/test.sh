#!/usr/bin/env bash
# Runs every test: unit, whole-site and CLI, and heavy tests (swift test), then the browser tests
# in headless Chromium when present. Installs what a fresh machine lacks first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --tests
# Formatting first: it takes seconds, and a file that does not follow .swift-format fails the run.
swift format lint --strict --recursive --parallel Sources Tests Plugins Package.swift
# The house rules a compiler does not check (scripts/lint.py): byte-level code only in
# Sources/VitrineBytes, and no function in VitrineKit longer than 80 lines.
python3 scripts/lint.py
swift build --build-tests
# The tiers, one test target each (Package.swift): unit tests (and the template engine's),
# then whole-site and CLI tests, then the long, CPU-heavy suites (the kill loop, 10,000 fuzz
# cases, 10,000 favorites) on their own, so they never starve the tests that measure a timeout.
swift test --skip-build --filter VitrineKitTests --filter VitrineTemplateTests
swift test --skip-build --filter VitrineSiteTests
swift test --skip-build --filter VitrineHeavyTests
if [ -d Tests/browser ] && ls Tests/browser/test_*.py >/dev/null 2>&1; then
  python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q pytest
  PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q Tests/browser
  # The README's screenshots (docs/screenshots.md) can still be made: taken into a temporary
  # folder, never into the repository, and not compared (pictures need not be byte-identical).
  shots=$(mktemp -d)
  python3 scripts/screenshots.py --out "$shots"
  rm -rf "$shots"
fi
