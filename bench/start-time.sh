#!/usr/bin/env bash
# Cold and warm start of `npm start`: seconds until /readyz answers.
# Cold: no build output and an empty data directory (build, migrate, seed). Warm: both in place.
# Checked, and a failed check exits 1 with the reason: the port is free before each start (so the answer measured is
# this server's), `npm start` is still running while it is awaited, /readyz answers within START_TIMEOUT seconds [600],
# the cold start built the server and the web app, and the server then answers /api/inner/language with 200.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8090}
timeout=${START_TIMEOUT:-600}
data=$(mktemp -d)
log=$(mktemp)

fail() {
  echo "CHECK FAILED: $1" >&2
  if [ -s "$log" ]; then
    echo "--- last lines of npm start:" >&2
    tail -20 "$log" >&2
  fi
  exit 1
}

stop() {
  # npm start runs in its own process group (setsid): stop all of it, then wait until the port is free.
  kill -TERM -- "-$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  while curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
}

measure() {
  local start end pid
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
    fail "something already answers on port $port: set PORT to a free one"
  fi
  start=$(date +%s.%N)
  PORT=$port DATA_DIR=$data LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
    kill -0 "$pid" 2>/dev/null || fail "$1: npm start exited before /readyz answered"
    if [ "$(echo "$(date +%s.%N) - $start > $timeout" | bc)" = 1 ]; then
      stop "$pid"
      fail "$1: /readyz did not answer within $timeout s"
    fi
    sleep 0.1
  done
  end=$(date +%s.%N)
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/inner/language")
  stop "$pid"
  [ "$status" = 200 ] || fail "$1: /api/inner/language answered $status after /readyz"
  echo "$1: $(echo "$end - $start" | bc) s"
}

rm -rf apps/web/dist apps/server/dist
measure cold
[ -f apps/server/dist/main.js ] && [ -f apps/web/dist/index.html ] || fail "the cold start built no server or web app"
measure warm
rm -rf "$data" "$log"
