#!/usr/bin/env bash
# `npm test`: set-up, build, then GoogleTest (native, via ctest), node:test on the built WASM
# package, and the real-browser tests (playwright-core driving Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh web

echo "== GoogleTest (native)"
ctest --test-dir build/native --output-on-failure -j"$(nproc 2>/dev/null || echo 2)"

echo "== node:test (WASM package)"
node --test --test-reporter=spec tests/js/

echo "== browser (Chromium)"
node --test --test-reporter=spec tests/web/
