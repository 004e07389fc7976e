#!/usr/bin/env bash
# The container, as an owner runs it (decision 0062). Part of `npm test`.
#   1. a Docker daemon: the one already running, or (as root) Debian's docker.io started here
#   2. the images the deploy files name, made offline when absent (tests/container/make-base-images.sh)
#   3. the real Dockerfile built unchanged; the image run with its two volumes and checked
#   4. the disaster: a container's backup sent to a fake S3 on the host, restored by a new
#      container's first start (tests/container/offsite-disaster.sh)
#   5. README "Put it on the internet" (Caddy) and "Backups" followed word by word
#      (tests/container/readme-compose.sh)
# Where no daemon can run it says why and exits 0. Never waits without a timeout; the
# whole run is capped at CONTAINER_TEST_TIMEOUT seconds (default 1500).
# Writes .tmp/container-test.json: {"passed","failed","skipped","checks":[...],
# "imageBytes","baseBytes","buildSeconds"}; last line "container: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CT_INNER:-}" ]; then
  CT_INNER=1 timeout -k 20 "${CONTAINER_TEST_TIMEOUT:-1500}" bash "$0" "$@"
  status=$?
  if [ $status = 124 ] || [ $status = 137 ]; then
    echo "container: the run took longer than ${CONTAINER_TEST_TIMEOUT:-1500}s and was stopped"
    echo '{"passed":0,"failed":1,"skipped":0,"checks":[{"status":"failed","name":"finished in time"}]}' >.tmp/container-test.json
  fi
  exit $status
fi

WORK=.tmp/container
mkdir -p "$WORK"
export CT_RESULTS="$PWD/$WORK/results.jsonl"
: >"$CT_RESULTS"
REPORT=.tmp/container-test.json
IMAGE=prairie-ridge-site:test
NAME=prairie-ridge-test
PORT=${CONTAINER_TEST_PORT:-3501}
DOCKERD_PID=""
NET_ARGS=(-p "127.0.0.1:$PORT:3000")
export CT_BUILD_SECONDS="" CT_IMAGE_BYTES="" CT_BASE_BYTES=""
# shellcheck source=../tests/container/lib.sh
. tests/container/lib.sh

write_report() {
  node -e '
    const fs = require("fs");
    const checks = fs.readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const count = (s) => checks.filter((c) => c.status === s).length;
    const num = (v) => (v ? Number(v) : null);
    const report = { passed: count("ok"), failed: count("failed"), skipped: count("skipped"), checks,
      imageBytes: num(process.env.CT_IMAGE_BYTES), baseBytes: num(process.env.CT_BASE_BYTES),
      buildSeconds: num(process.env.CT_BUILD_SECONDS) };
    fs.writeFileSync(process.argv[2], JSON.stringify(report, null, 2) + "\n");
    console.log(`\ncontainer: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`);
    process.exitCode = report.failed ? 1 : 0;
  ' "$CT_RESULTS" "$REPORT"
}

cleanup() {
  timeout 60 docker rm -f "$NAME" >/dev/null 2>&1
  timeout 60 docker volume rm prd-data prd-uploads >/dev/null 2>&1
  if [ -n "$DOCKERD_PID" ]; then
    kill "$DOCKERD_PID" 2>/dev/null
    for _ in $(seq 1 20); do kill -0 "$DOCKERD_PID" 2>/dev/null || break; sleep 1; done
  fi
}

finish() {
  cleanup
  write_report
  exit $?
}

skip_all() {
  echo "Container tests skipped: $*"
  ct_record skipped "container tests" "$*"
  finish
}
trap 'echo "stopped"; finish' TERM INT

echo "▶ Docker daemon"
start_dockerd() {
  # The daemon's own children (containerd) stop with it; we stop it by its PID at the end.
  setsid dockerd "$@" >"$WORK/dockerd.log" 2>&1 &
  DOCKERD_PID=$!
  for _ in $(seq 1 60); do
    timeout 5 docker info >/dev/null 2>&1 && return 0
    kill -0 "$DOCKERD_PID" 2>/dev/null || break
    sleep 1
  done
  kill "$DOCKERD_PID" 2>/dev/null
  for _ in $(seq 1 15); do kill -0 "$DOCKERD_PID" 2>/dev/null || break; sleep 1; done
  DOCKERD_PID=""
  return 1
}
apt_install() {
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends "$@" >"$WORK/apt.log" 2>&1 ||
    { timeout 300 apt-get update -qq >>"$WORK/apt.log" 2>&1 &&
      DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends "$@" >>"$WORK/apt.log" 2>&1; }
}
is_root() { [ "$(id -u)" = 0 ]; }
can_apt() { is_root && command -v apt-get >/dev/null; }

if ! command -v docker >/dev/null && ! can_apt; then skip_all "no docker command, and not root on Debian to install docker.io"; fi
if ! timeout 10 docker info >/dev/null 2>&1; then
  can_apt || skip_all "no Docker daemon answers, and this is not root on Debian to start one"
  if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null || ! command -v debootstrap >/dev/null; then
    ct_log "installing Debian's docker.io, docker-compose and debootstrap"
    apt_install docker.io docker-compose debootstrap || skip_all "apt-get install docker.io failed (see $WORK/apt.log)"
  fi
  if start_dockerd; then
    ct_log "started dockerd (pid $DOCKERD_PID)"
  elif start_dockerd --iptables=false --bridge=none; then
    # No bridge or NAT here: containers share the host's network (decision 0062).
    ct_log "started dockerd without iptables or a bridge (pid $DOCKERD_PID)"
    NET_ARGS=(--network host -e "PORT=$PORT")
    export CT_NO_BRIDGE=1
  else
    skip_all "dockerd would not start here: $(tail -3 "$WORK/dockerd.log" | tr '\n' ' ')"
  fi
fi
ct_record ok "Docker daemon answers" "server $(timeout 10 docker version -f '{{.Server.Version}}' 2>/dev/null)"

echo "▶ Base images"
if ! docker image inspect node:22-bookworm-slim >/dev/null 2>&1 || ! docker image inspect caddy:2 >/dev/null 2>&1; then
  # On a machine that can reach Docker Hub, the real ones.
  timeout 120 docker pull -q node:22-bookworm-slim >/dev/null 2>&1
  timeout 120 docker pull -q caddy:2 >/dev/null 2>&1
fi
if ! docker image inspect node:22-bookworm-slim >/dev/null 2>&1 || ! docker image inspect caddy:2 >/dev/null 2>&1; then
  is_root || skip_all "node:22-bookworm-slim cannot be pulled, and making a stand-in needs root"
  command -v debootstrap >/dev/null || apt_install debootstrap || skip_all "debootstrap could not be installed"
fi
ct_check "node:22-bookworm-slim and caddy:2 images" timeout 1200 bash tests/container/make-base-images.sh || finish
CT_BASE_BYTES=$(docker image inspect -f '{{.Size}}' node:22-bookworm-slim)
ct_log "base node:22-bookworm-slim: $((CT_BASE_BYTES / 1000000)) MB ($(docker image inspect -f "{{index .Config.Labels \"org.prairie-ridge.stand-in\"}}" node:22-bookworm-slim 2>/dev/null | sed 's/^$/the real one/;s/^<no value>$/the real one/'))"

echo "▶ The Dockerfile, built unchanged"
# CONTAINER_TEST_FROM_HEAD=1 builds the last commit (plus the working tree's Dockerfile,
# .dockerignore and deploy/) instead of the working tree: for a shared tree where others'
# unfinished files would break the build. CI builds its clean clone as it is.
export CT_CONTEXT=$PWD
if [ -n "${CONTAINER_TEST_FROM_HEAD:-}" ]; then
  CT_CONTEXT=$PWD/$WORK/context
  rm -rf "$CT_CONTEXT" && mkdir -p "$CT_CONTEXT"
  git archive HEAD | tar -x -C "$CT_CONTEXT"
  cp -a Dockerfile .dockerignore deploy "$CT_CONTEXT/"
  ct_log "building HEAD ($(git rev-parse --short HEAD)) with this tree's Dockerfile"
fi
# --network host: the build's RUN steps reach Debian's mirror and the npm registry the way
# this machine does (no change to the Dockerfile; decision 0062).
# The build time counts from when the heavy-work lock is ours, not while others hold it.
rm -f "$WORK/build-seconds"
if timeout 1500 flock /tmp/heavy.lock sh -c 'started=$(date +%s) && docker build --network host -t "$1" "$2" >"$3/build.log" 2>&1 &&
  echo $(($(date +%s) - started)) >"$3/build-seconds"' sh "$IMAGE" "$CT_CONTEXT" "$WORK"; then
  CT_BUILD_SECONDS=$(cat "$WORK/build-seconds")
  CT_IMAGE_BYTES=$(docker image inspect -f '{{.Size}}' "$IMAGE")
  ct_record ok "docker build" "${CT_BUILD_SECONDS}s, image $((CT_IMAGE_BYTES / 1000000)) MB, app's share $(((CT_IMAGE_BYTES - CT_BASE_BYTES) / 1000000)) MB over the base"
else
  ct_record failed "docker build" "$(tail -5 "$WORK/build.log" | tr '\n' ' ')"
  finish
fi

echo "▶ docker run with the two volumes"
timeout 60 docker rm -f "$NAME" >/dev/null 2>&1
timeout 60 docker volume rm prd-data prd-uploads >/dev/null 2>&1
URL="http://127.0.0.1:$PORT"
ct_check "docker run -v prd-data:/app/data -v prd-uploads:/app/uploads" \
  timeout 60 docker run -d --name "$NAME" "${NET_ARGS[@]}" -e SITE_URL="$URL" \
  -v prd-data:/app/data -v prd-uploads:/app/uploads "$IMAGE" || finish
if ct_check "/healthz answers 200" ct_wait_http "$URL/healthz" 120; then
  ct_check "the first admin's password is printed in the logs" \
    sh -c "timeout 30 docker logs $NAME 2>&1 | grep -E '^ +password: [^ ]{12,}'"
  ct_check "the site runs as node (uid 1000), not root" \
    ct_expect 1000 timeout 30 docker exec "$NAME" sh -c 'stat -c %u /proc/1'
  EMAIL="container-$(date +%s)@example.com"
  ct_check "a quote request is accepted" ct_post_quote "$URL" "$URL" "$EMAIL"
  ct_check "...and stored in the database on the volume" ct_expect 1 ct_count_leads "$NAME" "$EMAIL"
  ct_check "docker restart" timeout 120 docker restart "$NAME"
  ct_check "after the restart /healthz answers 200" ct_wait_http "$URL/healthz" 120
  ct_check "...and the quote request is still there" ct_expect 1 ct_count_leads "$NAME" "$EMAIL"
  ct_check "docker exec npm run backup" timeout 180 docker exec "$NAME" npm run backup
  ct_check "...the backup is on the data volume" \
    sh -c "timeout 60 docker run --rm -v prd-data:/data --entrypoint sh $IMAGE -c 'ls -d /data/backups/2*/ && test -s /data/backups/2*/manifest.json'"
  ct_check "docker exec npm run admin:create" \
    sh -c "timeout 120 docker exec -e ADMIN_PASSWORD=container-pass-1234 $NAME npm run admin:create -- --email owner2@example.com | grep 'Created admin owner2@example.com'"
  JAR="$WORK/cookies.txt"
  rm -f "$JAR" && touch "$JAR"
  # The bundled server (decision 0063) renders every kind of page, streams the zip and
  # the tar, and finds pdfkit (kept on disk for its fonts).
  ct_check "public pages answer 200" ct_pages "$URL" "$JAR" / /about /portfolio /testimonials /contact /privacy /terms /sitemap.xml /robots.txt /admin/login
  ct_check "the new owner signs in" ct_sign_in "$URL" "$JAR" owner2@example.com container-pass-1234
  ct_check "admin pages, the export .zip and a backup .tar.gz answer 200" ct_pages "$URL" "$JAR" /admin /admin/leads /admin/leads/pipeline \
    /admin/backups /admin/images /admin/team /admin/pricing /admin/site/words /admin/roof-measurement /admin/export.zip \
    "/admin/backups/$(timeout 30 docker exec "$NAME" sh -c 'ls data/backups | grep ^2 | tail -1').tar.gz"
  ct_check "pdfkit makes a PDF inside the container" ct_expect "%PDF" timeout 30 docker exec "$NAME" node --input-type=module -e '
    import PDFDocument from "pdfkit";
    const doc = new PDFDocument(); const parts = [];
    doc.on("data", (b) => parts.push(b)); doc.on("end", () => console.log(Buffer.concat(parts).subarray(0, 4).toString()));
    doc.text("Prairie Ridge"); doc.end();'
else
  timeout 30 docker logs "$NAME" 2>&1 | tail -20
fi
timeout 60 docker rm -f "$NAME" >/dev/null 2>&1

echo "▶ The disaster: a new container's first start puts the off-site copy back"
timeout 300 bash tests/container/offsite-disaster.sh "$IMAGE"

echo "▶ README: Put it on the internet (compose.yaml + Caddy) and Backups"
if [ -n "${CT_NO_BRIDGE:-}" ]; then
  ct_record skipped "docker compose with Caddy" "no bridge network on this machine; compose.yaml needs one (app:3000)"
else
  timeout 900 bash tests/container/readme-compose.sh
fi
finish
