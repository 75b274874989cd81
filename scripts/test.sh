#!/usr/bin/env bash
# `npm test`: set-up, build, then GoogleTest (native, via ctest; then again under ASan + UBSan, and the
# libFuzzer targets for a bounded time — WASMLEARN_SANITIZE=0 skips these two), node:test on the built
# WASM package, and the real-browser tests (playwright-core driving Debian's Chromium). Ends with one
# line totalling the runners (each fuzz target counts as one test).
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

# The same GoogleTest suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang -O1,
# build/sanitize; a third build of the core, ~20 min on two cores from nothing, seconds with ccache),
# then each libFuzzer target for 25 s from its committed seeds (`npm run fuzz` runs them longer).
if [ "${WASMLEARN_SANITIZE:-1}" = 1 ]; then
  echo "== GoogleTest (ASan + UBSan)"
  bash scripts/fuzz.sh --ctest | tee "$log"
  ctest_line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -1)
  passed=$((passed + $(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2 - \1/' <<<"$ctest_line")))
  failed=$((failed + $(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$ctest_line")))
  echo "== libFuzzer (ASan + UBSan)"
  fuzz_targets=2
  bash scripts/fuzz.sh 25 | tee "$log" || true
  fuzz_passed=$(grep -c ': passed, ' "$log" || true)  # grep -c exits 1 on no match, which set -e would take for the end
  passed=$((passed + fuzz_passed))
  failed=$((failed + fuzz_targets - fuzz_passed))
fi

for suite in js web; do
  echo "== node:test (tests/$suite)"
  node --test --test-reporter=spec "tests/$suite/" | tee "$log"
  passed=$((passed + $(sed -nE 's/^ℹ pass ([0-9]+)$/\1/p' "$log" | tail -1)))
  failed=$((failed + $(sed -nE 's/^ℹ fail ([0-9]+)$/\1/p' "$log" | tail -1)))
done
echo "wasmlearn: $passed passed, $failed failed"
[ "$failed" = 0 ]  # a failure anywhere (a fuzz target's finding too) fails the command
