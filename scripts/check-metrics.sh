#!/usr/bin/env bash
# Checks Paydesk's metrics on the real thing (DESIGN §18): starts the built server on a fresh embedded demo with
# METRICS_TOKEN on a free port, waits for demo traffic to move the order and ledger counters, and lints the scrape with
# `promtool check metrics`. Then checks that every paydesk_* family the alerts and the dashboard use is in the scrape,
# that the dashboard's queries parse, and runs the alert rules' checks and unit tests. Needs `npm run build` first
# and promtool (Debian's `prometheus` package).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v promtool >/dev/null || { echo "promtool is missing (apt-get install prometheus)" >&2; exit 1; }
test -f apps/server/dist/main.js || { echo "apps/server/dist/main.js is missing: run npm run build first" >&2; exit 1; }

work="$(mktemp -d)"
port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
token="$(node -e "console.log(require('node:crypto').randomBytes(24).toString('hex'))")"
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -TERM "$server" && wait "$server" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "Starting the demo on port $port"
PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" METRICS_TOKEN="$token" DEMO_ORDER_SECONDS=2 LOG_LEVEL=warn \
  node apps/server/dist/main.js >"$work/server.log" 2>&1 &
server=$!

scrape() { curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port/metrics"; }
# The sum of a family's samples in a scrape on stdin.
total() { awk -v name="$1" '$1 ~ "^"name"([{]|$)" { sum += $NF } END { printf "%d\n", sum }'; }

for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; echo "the server stopped" >&2; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$work/server.log" >&2; echo "the server never became ready" >&2; exit 1; }

status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/metrics")"
[ "$status" = 401 ] || { echo "GET /metrics without the token answered $status, not 401" >&2; exit 1; }

scrape >"$work/first.txt"
orders_before="$(total paydesk_orders_total <"$work/first.txt")"
transfers_before="$(total paydesk_ledger_transfers_total <"$work/first.txt")"
echo "Waiting for demo traffic (orders so far: $orders_before, ledger transfers: $transfers_before)"
for _ in $(seq 1 90); do
  sleep 1
  scrape >"$work/scrape.txt"
  orders="$(total paydesk_orders_total <"$work/scrape.txt")"
  transfers="$(total paydesk_ledger_transfers_total <"$work/scrape.txt")"
  [ "$orders" -gt "$orders_before" ] && [ "$transfers" -gt "$transfers_before" ] && break
done
[ "$orders" -gt "$orders_before" ] || { echo "paydesk_orders_total did not move ($orders_before → $orders)" >&2; exit 1; }
[ "$transfers" -gt "$transfers_before" ] || { echo "paydesk_ledger_transfers_total did not move" >&2; exit 1; }
echo "Orders $orders_before → $orders, ledger transfers $transfers_before → $transfers"

echo "promtool check metrics on the scrape"
promtool check metrics <"$work/scrape.txt"

# Every paydesk_* family the alerts and the dashboard read is one the server exposes (the pool's only on PostgreSQL).
used="$(grep -ohE 'paydesk_[a-z_]+' deploy/prometheus/alerts.yml deploy/grafana/paydesk.json | sed -E 's/_(bucket|count|sum)$//' | sort -u)"
missing=""
for family in $used; do
  case "$family" in paydesk_db_pool_*) continue ;; esac
  grep -q "^# TYPE $family " "$work/scrape.txt" || missing="$missing $family"
done
[ -z "$missing" ] || { echo "used by the alerts or the dashboard but not exposed:$missing" >&2; exit 1; }

echo "The dashboard's queries parse"
node -e "
  const dashboard = require('./deploy/grafana/paydesk.json');
  const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
  const rules = exprs.map((expr, index) => '      - record: dashboard:query_' + index + '\n        expr: ' + JSON.stringify(expr.replaceAll('\$instance', '.*')));
  require('node:fs').writeFileSync('$work/dashboard-rules.yml', 'groups:\n  - name: dashboard\n    rules:\n' + rules.join('\n') + '\n');
"
promtool check rules "$work/dashboard-rules.yml" >/dev/null

echo "promtool check rules and test rules"
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts.test.yml

kill -TERM "$server"
wait "$server" || { cat "$work/server.log" >&2; echo "the server did not stop cleanly on SIGTERM" >&2; exit 1; }
server=""
echo "Metrics check passed"
