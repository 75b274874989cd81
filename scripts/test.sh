#!/usr/bin/env bash
# `npm test`: set-up, build, then GoogleTest (native, via ctest), node:test on the built WASM
# package, and the real-browser tests (playwright-core driving Debian's Chromium). Ends with one
# line totalling the three runners.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh web

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== GoogleTest (native)"
ctest --test-dir build/native --output-on-failure -j"$(nproc 2>/dev/null || echo 2)" | tee "$log"
ctest_line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -1)
ctest_failed=$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$ctest_line")
ctest_total=$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/' <<<"$ctest_line")
passed=$((ctest_total - ctest_failed))
failed=$ctest_failed

for suite in js web; do
  echo "== node:test (tests/$suite)"
  node --test --test-reporter=spec "tests/$suite/" | tee "$log"
  passed=$((passed + $(sed -nE 's/^ℹ pass ([0-9]+)$/\1/p' "$log" | tail -1)))
  failed=$((failed + $(sed -nE 's/^ℹ fail ([0-9]+)$/\1/p' "$log" | tail -1)))
done
echo "wasmlearn: $passed passed, $failed failed"
