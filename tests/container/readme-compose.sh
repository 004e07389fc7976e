#!/usr/bin/env bash
# README "Put it on the internet" (Caddy) and "Backups"/"Restore", followed word by word
# as far as they concern the container. Run by scripts/container-test.sh (which makes the
# images and records the results); needs a Docker daemon, docker compose (or Debian's
# docker-compose, wrapped as the `docker compose` plugin below) and ports 80/443 free.
# What differs from an owner's server, and why (decision 0062):
#   - "Point your domain's DNS at the server": curl --resolve www.prairie-ridge.test:443:127.0.0.1
#   - Caddy cannot fetch a certificate here (no ACME), so COMPOSE_FILE adds
#     compose.test.yaml: the edited Caddyfile with a `tls` line for a certificate made
#     with openssl, and the build on the host's network. compose.yaml itself is unchanged.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
. tests/container/lib.sh
WORK=$ROOT/.tmp/container/compose
DOMAIN=prairie-ridge.test
SITE=https://www.$DOMAIN
rm -rf "$WORK" && mkdir -p "$WORK/certs" "$WORK/docker-config/cli-plugins"

# `docker compose` as the README writes it: the compose plugin when installed, otherwise
# Debian's docker-compose (v1) behind a CLI plugin shim (DOCKER_CONFIG is ours, in .tmp).
export DOCKER_CONFIG="$WORK/docker-config"
for dir in /usr/libexec/docker/cli-plugins /usr/local/lib/docker/cli-plugins "$HOME/.docker/cli-plugins"; do
  [ -x "$dir/docker-compose" ] && ln -sf "$dir/docker-compose" "$DOCKER_CONFIG/cli-plugins/docker-compose" && break
done
if [ ! -e "$DOCKER_CONFIG/cli-plugins/docker-compose" ]; then
  command -v docker-compose >/dev/null || { ct_record skipped "docker compose" "neither the compose plugin nor docker-compose is installed"; exit 0; }
  cat >"$DOCKER_CONFIG/cli-plugins/docker-compose" <<'SHIM'
#!/bin/sh
if [ "$1" = docker-cli-plugin-metadata ]; then
  echo '{"SchemaVersion":"0.1.0","Vendor":"Debian docker-compose v1 (test shim)","Version":"1","ShortDescription":"Docker Compose"}'
  exit 0
fi
shift
exec docker-compose "$@"
SHIM
  chmod +x "$DOCKER_CONFIG/cli-plugins/docker-compose"
fi
ct_log "docker compose: $(timeout 30 docker compose version 2>&1 | head -1)"

# "put the domain in deploy/Caddyfile and in SITE_URL in deploy/compose.yaml"
sed -e "s/www\.example\.com/www.$DOMAIN/g" -e "s/^example\.com/$DOMAIN/" deploy/Caddyfile |
  sed -E "s#^([a-z0-9.-]+\.test) \{#\1 {\n\ttls /certs/cert.pem /certs/key.pem#" >"$WORK/Caddyfile"
timeout 60 openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=www.$DOMAIN" \
  -addext "subjectAltName=DNS:www.$DOMAIN,DNS:$DOMAIN" \
  -keyout "$WORK/certs/key.pem" -out "$WORK/certs/cert.pem" >/dev/null 2>&1
chmod 644 "$WORK/certs/key.pem"
cat >"$WORK/compose.test.yaml" <<EOF
# Test-only additions to deploy/compose.yaml (tests/container/readme-compose.sh).
services:
  app:
    build:
      context: ${CT_CONTEXT:-$ROOT}
      network: host
    environment:
      SITE_URL: $SITE
  caddy:
    volumes:
      - $WORK/Caddyfile:/etc/caddy/Caddyfile:ro
      - $WORK/certs:/certs:ro
EOF
export COMPOSE_FILE="compose.yaml:$WORK/compose.test.yaml" COMPOSE_PROJECT_NAME=prairie-ridge-test
CURL=(--cacert "$WORK/certs/cert.pem" --resolve "www.$DOMAIN:443:127.0.0.1" --resolve "$DOMAIN:443:127.0.0.1")

cd deploy
# shellcheck disable=SC2317
down() { timeout 180 docker compose down -v --remove-orphans >/dev/null 2>&1; }
trap down EXIT
down
# A terminal, as an owner has (docker-compose v1 wants one for `exec`).
in_terminal() { timeout "$1" script -qec "$2" /dev/null </dev/null; }

# "then from deploy/: docker compose up -d --build"
ct_check "docker compose up -d --build" timeout 900 docker compose up -d --build || exit 0
ct_check "https://www.$DOMAIN/healthz answers 200 through Caddy" ct_wait_http "$SITE/healthz" 120 "${CURL[@]}" || {
  timeout 30 docker compose logs --tail 20 2>&1 | tail -40
  exit 0
}
# "The first admin's password is printed once: docker compose logs app"
ct_check "docker compose logs app shows the first admin's password" \
  sh -c "timeout 30 docker compose logs app 2>&1 | grep -E ' password: [^ ]{12,}'"
ct_check "the bare domain redirects to www" sh -c \
  "timeout 20 curl -s -o /dev/null -w '%{http_code} %{redirect_url}' $(printf '%q ' "${CURL[@]}") https://$DOMAIN/services | grep -q '^301 $SITE/services'"
ct_check "the app knows the visitor used https (HSTS sent; TRUST_PROXY=1)" sh -c \
  "timeout 20 curl -s -D - -o /dev/null $(printf '%q ' "${CURL[@]}") $SITE/ | grep -i '^strict-transport-security:'"
EMAIL="compose-$(date +%s)@example.com"
ct_check "a quote request posted over https through Caddy" ct_post_quote "$SITE" "$SITE" "$EMAIL" "${CURL[@]}"
APP=$(timeout 30 docker compose ps -q app)
ct_check "...is stored" ct_expect 1 ct_count_leads "$APP" "$EMAIL"

# Backups: "docker compose exec app npm run backup"
ct_check "docker compose exec app npm run backup" in_terminal 180 "docker compose exec app npm run backup"
BACKUP=$(timeout 30 docker compose exec -T app sh -c 'ls -d data/backups/2* | tail -1' 2>/dev/null | tr -d '\r')
ct_check "...the backup is in data/backups/ on the site-data volume" sh -c \
  "timeout 60 docker run --rm -v ${COMPOSE_PROJECT_NAME}_site-data:/data --entrypoint ls $(timeout 30 docker inspect -f "{{.Image}}" "$APP") /data/backups/$(basename "${BACKUP:-none}")/manifest.json"

# "copy data/backups/ off the machine (in Docker, from deploy/: docker cp ... ~/site-backups)"
ct_check "docker cp \"\$(docker compose ps -q app)\":/app/data/backups ~/site-backups" env HOME="$WORK" sh -c \
  'timeout 120 docker cp "$(docker compose ps -q app)":/app/data/backups ~/site-backups && ls ~/site-backups/*/manifest.json'

# Restore: "Stop the site, then npm run restore -- data/backups/<time> ... Start the site."
LATER="compose-later-$(date +%s)@example.com"
ct_check "another quote request after the backup" ct_post_quote "$SITE" "$SITE" "$LATER" "${CURL[@]}"
ct_check "...is stored" ct_expect 1 ct_count_leads "$APP" "$LATER"
ct_check "docker compose stop app" timeout 120 docker compose stop app
ct_check "docker compose run --rm app npm run restore -- $BACKUP" \
  in_terminal 180 "docker compose run --rm app npm run restore -- $BACKUP"
ct_check "docker compose start app" timeout 120 docker compose start app
ct_check "after the restore the site answers" ct_wait_http "$SITE/healthz" 120 "${CURL[@]}"
APP=$(timeout 30 docker compose ps -q app)
ct_check "...with the quote request from before the backup" ct_expect 1 ct_count_leads "$APP" "$EMAIL"
ct_check "...and without the one sent after it" ct_expect 0 ct_count_leads "$APP" "$LATER"
exit 0
