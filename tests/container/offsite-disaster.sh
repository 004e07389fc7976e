#!/usr/bin/env bash
# The disaster off-site copies are for (decisions 0090 and 0095), with the real image: a
# container holding a site's data sends its backup to a fake S3 on the host; then a new
# container, with new empty volumes and the README's restore variables, puts it back on its
# first start, and the owner finds every lead, invoice, payment and picture over HTTP.
# Run by scripts/container-test.sh with the image built: offsite-disaster.sh <image>.
# The containers use the host's network, so they reach the fake S3 on 127.0.0.1 as the
# tests do, whether or not this machine has a bridge.
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/container/lib.sh
IMAGE=$1
WORK=$PWD/.tmp/container/offsite
S3_PORT=${CONTAINER_TEST_S3_PORT:-3502}
SITE_PORT=${CONTAINER_TEST_RESTORE_PORT:-3503}
NEW=prairie-ridge-restored
TSX=node_modules/.bin/tsx
S3_PID=""
[ -x "$TSX" ] || { ct_record skipped "the off-site disaster" "no node_modules here (npm install) to run the fake S3"; exit 0; }

# shellcheck disable=SC2317
cleanup() {
  [ -n "$S3_PID" ] && kill "$S3_PID" 2>/dev/null
  timeout 60 docker rm -f "$NEW" "$NEW-refused" >/dev/null 2>&1
  timeout 60 docker volume rm prd-lost-data prd-lost-uploads prd-new-data prd-new-uploads >/dev/null 2>&1
}
trap cleanup EXIT
cleanup
rm -rf "$WORK" && mkdir -p "$WORK/lost"

"$TSX" tests/fake-s3-cli.ts "$S3_PORT" >"$WORK/fake-s3.log" 2>&1 &
S3_PID=$!
ENDPOINT=http://127.0.0.1:$S3_PORT
ct_check "a fake S3 on the host ($ENDPOINT)" \
  timeout 60 sh -c "until grep -q 'listening' '$WORK/fake-s3.log'; do kill -0 $S3_PID || exit 1; sleep 0.2; done" || exit 0

# The lost site's data is made on the host with the app's own code (tests/integration/lost-site.ts).
ct_check "a site with a lead, an invoice, a payment and pictures, off-site copies on" \
  env DATABASE_PATH="$WORK/lost/data/app.db" UPLOADS_DIR="$WORK/lost/uploads" \
  timeout 120 "$TSX" tests/container/offsite-disaster.ts make "$ENDPOINT" "$WORK" || exit 0
VOLUMES=(-v prd-lost-data:/app/data -v prd-lost-uploads:/app/uploads)
ct_check "...on a container's two volumes" timeout 60 docker run --rm -v "$WORK/lost:/lost:ro" "${VOLUMES[@]}" \
  --entrypoint sh "$IMAGE" -c 'cp -R /lost/data/. /app/data/ && cp -R /lost/uploads/. /app/uploads/' || exit 0
ct_check "the container's npm run backup sends it off-site" \
  sh -c "timeout 120 docker run --rm --network host $(printf '%q ' "${VOLUMES[@]}") $IMAGE npm run backup | grep 'Sent off-site'" ||
  exit 0

# The server is lost. A new one: new empty volumes, and the variables of README "Restore on a new server".
NEW_RUN=(--network host --env-file "$WORK/restore.env" -e PORT="$SITE_PORT" -e SITE_URL="http://127.0.0.1:$SITE_PORT"
  -v prd-new-data:/app/data -v prd-new-uploads:/app/uploads)
ct_check "a wrong passphrase: the first start says so and exits 1, the volumes stay empty" sh -c "
  out=\$(timeout 120 docker run --name $NEW-refused $(printf '%q ' "${NEW_RUN[@]}") -e OFFSITE_PASSPHRASE=not-the-one $IMAGE 2>&1)
  status=\$?
  echo \"\$out\" | tail -3
  [ \$status = 1 ] && echo \"\$out\" | grep -q 'The site did not start. Restoring from the off-site copies failed: That passphrase' &&
    [ -z \"\$(timeout 60 docker run --rm -v prd-new-data:/d -v prd-new-uploads:/u --entrypoint find $IMAGE /d /u -type f)\" ]"
ct_check "docker run with RESTORE_FROM_OFFSITE=newest, the OFFSITE_* variables and the passphrase" \
  timeout 60 docker run -d --name "$NEW" "${NEW_RUN[@]}" "$IMAGE" || exit 0
URL=http://127.0.0.1:$SITE_PORT
if ct_check "/healthz answers 200" ct_wait_http "$URL/healthz" 120; then
  ct_check "...after restoring the copy, with no demo content or new admin made" sh -c \
    "logs=\$(timeout 30 docker logs $NEW 2>&1); echo \"\$logs\" | tail -5
      echo \"\$logs\" | grep -q 'Restored the backup of' && ! echo \"\$logs\" | grep -Eq 'added demo projects|password:'"
  ct_check "the owner signs in and finds the lead, its invoice and payment, and both pictures" \
    timeout 60 "$TSX" tests/container/offsite-disaster.ts check "$URL" "$(cat "$WORK/invoice")"
else
  timeout 30 docker logs "$NEW" 2>&1 | tail -20
fi
exit 0
