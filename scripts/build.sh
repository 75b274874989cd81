#!/usr/bin/env bash
# Builds the native library and tests, the WebAssembly module and the generated JS/TS surface;
# with the argument `web`, also the static playground (web/dist). Incremental: seconds when
# nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emcc needs Debian's acorn when node is not Debian's
jobs=$(nproc 2>/dev/null || echo 2)
# ccache (installed by setup.sh) makes rebuilds after a branch switch or in a second work tree of
# the same sources take seconds; paths below the tree are hashed relative to it.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" EM_COMPILER_WRAPPER=ccache
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

[ -f build/native/CMakeCache.txt ] || cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build build/native -j"$jobs"

# emcmake's default test emulator passes a flag Node 20 rejects; we run no WASM ctest, but pin it anyway.
[ -f build/wasm/CMakeCache.txt ] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >/dev/null
cmake --build build/wasm -j"$jobs"
node bindings/js/tools/generate.mjs
node bindings/js/tools/bundle_worker.mjs

if [ "${1:-}" = web ]; then
  npx vite build web --logLevel warn
fi
