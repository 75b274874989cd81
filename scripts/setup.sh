#!/usr/bin/env bash
# Installs what is missing on a Debian machine (system packages, npm packages). Idempotent: when
# everything is there it only checks, in well under a second.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang + libfuzzer-14-dev: the sanitizer build and the fuzz targets (scripts/fuzz.sh).
debian_packages=(cmake g++ ccache googletest libgtest-dev emscripten libeigen3-dev nlohmann-json3-dev liblbfgspp-dev libspectra-dev chromium
  clang libfuzzer-14-dev)
missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages: installed again only when package.json or the lock changed since the last install
# (a stamp holds their checksum). `npm install` rather than `npm ci`: npm 11 here rejects its own
# lock files in `ci` (optional platform packages of rollup/esbuild are left out of the lock).
stamp=node_modules/.wasmlearn-installed
sum=$(cat package.json package-lock.json 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  echo "setup: installing npm packages"
  # onnxruntime-node (the tests' ONNX runtime) ships its CPU binaries in the package; its install
  # script would only download optional GPU libraries, so it is skipped.
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error
  cat package.json package-lock.json | sha256sum | cut -d' ' -f1 > "$stamp"
fi
