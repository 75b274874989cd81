#!/usr/bin/env bash
# npm run bench [-- <workload-id substring>]
# Builds what the runners need (incremental: seconds when nothing changed), then runs
# tests/bench/run.mjs: WASM with and without SIMD, native -O3 (SSE2, the same 128-bit width, Eigen with
# the same register and cache settings) and -march=native, scikit-learn single-threaded on
# OpenBLAS and the ml.js peers, on the same data files.
# Results: build/bench/results.md and results.json. Never part of `npm test`.
#   BENCH_NO_BUILD=1  skip the builds        BENCH_NO_MARCH=1  skip the -march=native build
#   BENCH_RUNNERS=peer,sklearn  only these runners (wasm-simd, wasm-nosimd, native, native-march, sklearn, peer)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emcc needs Debian's acorn when node is not Debian's
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p build/bench
log=build/bench/build.log

quiet() {  # runs a build step, showing its output only if it fails
  if ! "$@" >>"$log" 2>&1; then
    echo "bench: build step failed: $*" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
}

# The scikit-learn runner: Debian's scikit-learn on OpenBLAS (single-threaded, see tests/bench/run.mjs),
# threadpoolctl to report which BLAS and kernel ran. Installed as scripts/setup.sh installs its packages.
if [ -z "${BENCH_RUNNERS:-}" ] || [[ ",$BENCH_RUNNERS," == *,sklearn,* ]]; then
  missing=()
  for p in libopenblas0-pthread python3-sklearn python3-threadpoolctl; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "bench: installing Debian packages: ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  : >"$log"
  echo "bench: building (log in $log)" >&2
  # The package (native library + tests + bench driver, WASM SIMD module, generated JS).
  quiet bash scripts/build.sh
  # WASM without SIMD, in its own folder and under its own name (same sources, same flags otherwise).
  [ -f build/wasm-nosimd/CMakeCache.txt ] || quiet emcmake cmake -S . -B build/wasm-nosimd -DCMAKE_BUILD_TYPE=Release \
    -DWASMLEARN_SIMD=OFF -DWASMLEARN_WASM_NAME=wasmlearn-nosimd -DWASMLEARN_WASM_DIR="$PWD/build/wasm-nosimd/js" \
    -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)"
  quiet cmake --build build/wasm-nosimd -j"$jobs"
  # Native for reference: what a native user of this machine would get (AVX2/FMA where present).
  if [ "${BENCH_NO_MARCH:-0}" != 1 ]; then
    # Eigen with its own settings for this CPU (the other builds share one: CMakeLists.txt).
    quiet cmake -S . -B build/native-march -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-march=native \
      -DWASMLEARN_EIGEN_SAME_BITS=OFF
    quiet cmake --build build/native-march --target wasmlearn_bench -j"$jobs"
  fi
fi

node tests/bench/run.mjs "$@"
