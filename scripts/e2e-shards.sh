#!/usr/bin/env bash
# The browser journeys in shards side by side on one machine (CI's step): each shard is its own Playwright run with
# its own server and fresh embedded database (e2e/playwright.config.ts starts one per run on E2E_PORT), so no shard
# sees another's orders. One run leaves part of two cores idle while it waits on the browser and the server; two side by
# side finish the suite sooner, within CI's time limit. Playwright splits by tests in file order, whole
# files to a shard; every spec runs in exactly one. E2E_SHARDS=1 runs the suite as `npm run test:e2e` does; arguments
# go to each run (spec files, -g "<title>").
set -uo pipefail
cd "$(dirname "$0")/../e2e"
shards="${E2E_SHARDS:-2}"
pids=()
for index in $(seq 1 "$shards"); do
  (
    E2E_PORT=$((8180 + index)) npx playwright test --shard="$index/$shards" --output="test-results/shard-$index" "$@" 2>&1 \
      | sed -u "s/^/[shard $index] /"
  ) &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit "$status"
