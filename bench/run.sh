#!/usr/bin/env bash
# Benchmarks on loopback only. Installs wrk from Debian when missing (needs root), builds, then runs bench/run.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wrk >/dev/null; then
  apt-get install -y wrk || { apt-get update && apt-get install -y wrk; }
fi
[ -f dist/server/entry.mjs ] || npm run build
npm run bench
