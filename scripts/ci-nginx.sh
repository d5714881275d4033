#!/usr/bin/env bash
# Runs Paydesk behind deploy/nginx/paydesk.conf, as a deployment does, and checks it over https (scripts/deploy-check.mjs
# --tls): HTTP/2, HSTS, Secure cookies, a websocket event, the forwarding link on https://, and that a client's
# X-Forwarded-For does not choose the address the server records. nginx is Debian's, with a self-signed certificate
# made here (openssl); the server is the built one (`npm run build` first), or with --image the container image
# (podman, as scripts/ci-container.sh runs it: that script calls this one), on a fresh database of the PostgreSQL whose
# superuser's URL is the argument, with the settings the conf's header names (HOST, TRUST_PROXY, PUBLIC_URL).
#
#   bash scripts/ci-nginx.sh postgres://postgres@127.0.0.1:5432/postgres [--image localhost/paydesk:ci]
#
# The conf is used as it is; only its names, paths and ports are replaced (each replacement must find its line).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/scratch-env.sh
admin_url="${1:-postgres://postgres@127.0.0.1:5432/postgres}"
image=""
if [ "${2:-}" = --image ]; then image="${3:?--image needs a name}"; fi

command -v nginx >/dev/null || { echo "nginx is missing (apt-get install nginx-light)" >&2; exit 1; }
[ -n "$image" ] || test -f apps/server/dist/main.js || { echo "nothing is built: run npm run build first" >&2; exit 1; }

work="$(mktemp -d)"
database="paydesk_nginx_$$"
db_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$admin_url" "$database")"
free_port() { node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }
server=""
container="paydesk-nginx-$$"
nginx_pid=""
cleanup() {
  status=$?
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then kill -QUIT "$nginx_pid"; wait "$nginx_pid" || true; fi
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -TERM "$server"; wait "$server" || true; fi
  if [ -n "$image" ] && podman container exists "$container" 2>/dev/null; then
    podman logs --tail 40 "$container" >>"$work/server.log" 2>&1 || true
    podman rm -f -v "$container" >/dev/null 2>&1 || true
  fi
  if [ "$status" -ne 0 ]; then
    echo "--- server log" >&2; tail -n 40 "$work/server.log" >&2 || true
    echo "--- nginx error log" >&2; tail -n 40 "$work/error.log" >&2 || true
  fi
  psql "$admin_url" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

https_port="$(free_port)"
http_port="$(free_port)"
app_port="$(free_port)"
public_url="https://localhost:$https_port"

echo "A self-signed certificate for localhost and 127.0.0.1"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null

# The conf with this run's names, certificate and ports. Each replacement must match, or the conf changed under it.
replace() { # file, sed expression, what it must have matched
  grep -qE "$3" "$1" || { echo "deploy/nginx/paydesk.conf has no line matching: $3" >&2; exit 1; }
  sed -i -E "$2" "$1"
}
cp deploy/nginx/paydesk.conf "$work/paydesk.conf"
replace "$work/paydesk.conf" "s#server_name pay\.example\.com;#server_name localhost;#" 'server_name pay\.example\.com;'
replace "$work/paydesk.conf" "s#/etc/ssl/paydesk/#$work/#" '/etc/ssl/paydesk/'
replace "$work/paydesk.conf" "s#listen 443 ssl http2;#listen 127.0.0.1:$https_port ssl http2;#" 'listen 443 ssl http2;'
replace "$work/paydesk.conf" "/listen \[::\]:(443|80)/d" 'listen \[::\]:443'
replace "$work/paydesk.conf" "s#listen 80;#listen 127.0.0.1:$http_port;#" 'listen 80;'
replace "$work/paydesk.conf" "s#server 127\.0\.0\.1:8080;#server 127.0.0.1:$app_port;#" 'server 127\.0\.0\.1:8080;'
mkdir -p "$work/nginx-temp"
cat >"$work/nginx.conf" <<EOF
# This run's main configuration: a foreground nginx whose files are all in $work, including the site's conf.
user root;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 256; }
http {
    access_log $work/access.log;
    client_body_temp_path $work/nginx-temp/body;
    proxy_temp_path $work/nginx-temp/proxy;
    fastcgi_temp_path $work/nginx-temp/fastcgi;
    uwsgi_temp_path $work/nginx-temp/uwsgi;
    scgi_temp_path $work/nginx-temp/scgi;
    include $work/paydesk.conf;
}
EOF
nginx -t -q -c "$work/nginx.conf"

echo "The ${image:-built} server on port $app_port behind nginx at $public_url (database $database)"
psql "$admin_url" -qc "create database $database" >/dev/null
env_file="$work/paydesk.env"
{ scratch_env "$db_url"; cat <<EOF
HOST=127.0.0.1
PORT=$app_port
TRUST_PROXY=127.0.0.1
PUBLIC_URL=$public_url
LOG_LEVEL=warn
EOF
} >"$env_file"
if [ -n "$image" ]; then
  # The image on the host's network (the CONTAINERS_CONF scripts/ci-container.sh sets), as nginx's upstream.
  password="$(podman run --rm --no-healthcheck --env-file "$env_file" "$image" node apps/server/dist/cli.js create-admin root \
    | sed -n 's/^One-time password: //p')"
  podman run -d --name "$container" --env-file "$env_file" "$image" >/dev/null 2>"$work/server.log" \
    || { cat "$work/server.log" >&2; exit 1; }
  running() { [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ]; }
else
  password="$(node --env-file="$env_file" apps/server/dist/cli.js create-admin root | sed -n 's/^One-time password: //p')"
  node --env-file="$env_file" apps/server/dist/main.js >"$work/server.log" 2>&1 &
  server=$!
  running() { kill -0 "$server" 2>/dev/null; }
fi
[ -n "$password" ] || { echo "create-admin printed no password" >&2; exit 1; }
nginx -c "$work/nginx.conf" -g 'daemon off;' &
nginx_pid=$!

export NODE_EXTRA_CA_CERTS="$work/fullchain.pem"
for _ in $(seq 1 120); do
  curl -sf --cacert "$work/fullchain.pem" "$public_url/readyz" >/dev/null 2>&1 && break
  running || { echo "the server stopped" >&2; exit 1; }
  kill -0 "$nginx_pid" 2>/dev/null || { echo "nginx stopped" >&2; exit 1; }
  sleep 0.5
done

redirect="$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$http_port/login" -H 'Host: localhost')"
[ "$redirect" = "301 https://localhost/login" ] || { echo "plain http answered '$redirect', not a redirect to https" >&2; exit 1; }
echo "ok - plain http redirects to https ($redirect)"

# The client signs in from 127.0.0.2 (another address of this machine) so that the address the server records can
# be told apart from nginx's own 127.0.0.1.
node scripts/deploy-check.mjs --origin "$public_url" --password "$password" --tls \
  --client-address 127.0.0.2 --database "$db_url"

# The body limits: a body beyond the server's default (1 MiB) but within its largest (a dispute's evidence, 10 MiB)
# reaches the server, which answers it (JSON); one beyond 10 MiB is refused by nginx itself.
body_answer() { # size in bytes → "status content-type"
  curl -s -o /dev/null -w '%{http_code} %{content_type}' --cacert "$work/fullchain.pem" -X POST \
    "$public_url/api/inner/dispute" -H 'Content-Type: application/octet-stream' \
    --data-binary @<(head -c "$1" /dev/zero)
}
within="$(body_answer $((2 * 1024 * 1024)))"
case "$within" in *application/json*) ;; *) echo "a 2 MiB body answered '$within', not the server's JSON" >&2; exit 1 ;; esac
beyond="$(body_answer $((10 * 1024 * 1024 + 1024)))"
case "$beyond" in "413 text/html"*) ;; *) echo "a body beyond 10 MiB answered '$beyond', not nginx's 413" >&2; exit 1 ;; esac
echo "ok - a 2 MiB body reaches the server ($within); beyond 10 MiB nginx answers $beyond"

if [ -n "$image" ]; then
  podman stop --time 15 "$container" >/dev/null 2>>"$work/server.log"
  code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
  [ "$code" = 0 ] || { echo "the container exited $code on SIGTERM, not 0" >&2; exit 1; }
else
  kill -TERM "$server"
  wait "$server" || { echo "the server did not stop cleanly on SIGTERM" >&2; exit 1; }
  server=""
fi
echo "nginx check passed (${image:-the built server} behind it)"
