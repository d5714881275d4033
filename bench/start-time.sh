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
  PORT=$port DATA_DIR=$data LOG_LEVEL=warn setsid npm start >/tmp/paydesk-start.log 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.1; done
  end=$(date +%s.%N)
  # npm start runs in its own process group (setsid): stop all of it, then wait until the port is free.
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  while curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
  echo "$1: $(echo "$end - $start" | bc) s"
}

rm -rf apps/web/dist apps/server/dist
measure cold
measure warm
rm -rf "$data"
