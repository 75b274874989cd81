#!/usr/bin/env bash
# `npm start`: set-up, build, then serve the playground on 127.0.0.1 and print its URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh web
exec node scripts/serve.mjs "${PORT:-5173}"
