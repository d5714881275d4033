#!/usr/bin/env bash
# Cold and warm start of `npm start`: seconds until /readyz answers.
# Cold: no build output and an empty data directory (build, migrate, seed). Warm: both in place.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8090}
data=$(mktemp -d)

measure() {
  local start end pid
  start=$(date +%s.%N)
  PORT=$port DATA_DIR=$data LOG_LEVEL=warn npm start >/tmp/paydesk-start.log 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.1; done
  end=$(date +%s.%N)
  kill -TERM "$pid" 2>/dev/null || true   # npm passes it to scripts/start.mjs, which stops the server
  wait "$pid" 2>/dev/null || true
  sleep 1
  echo "$1: $(echo "$end - $start" | bc) s"
}

rm -rf apps/web/dist apps/server/dist
measure cold
measure warm
rm -rf "$data"
