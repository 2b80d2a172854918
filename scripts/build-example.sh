#!/usr/bin/env bash
# Builds vitrine in release mode and renders the example site into Site/public —
# offline, with no API key.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product vitrine
.build/release/vitrine build Site "$@"
