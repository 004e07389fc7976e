# Shared by scripts/container-test.sh and tests/container/*.sh (sourced, not run).
# Every check is one line "ok"/"FAILED" plus a JSON entry in $CT_RESULTS; every command
# that could wait is under `timeout`.

CT_RESULTS=${CT_RESULTS:-.tmp/container/results.jsonl}

ct_log() { printf '  %s\n' "$*"; }

# ct_record <ok|failed|skipped> <name> [detail]
ct_record() {
  local status=$1 name=$2 detail=${3:-}
  case $status in
    ok) printf '  ✓ %s%s\n' "$name" "${detail:+ ($detail)}" ;;
    skipped) printf '  - %s (skipped: %s)\n' "$name" "$detail" ;;
    *) printf '  ✗ %s FAILED%s\n' "$name" "${detail:+: $detail}" ;;
  esac
  node -e 'const [s,n,d]=process.argv.slice(1);process.stdout.write(JSON.stringify({status:s,name:n,detail:d})+"\n")' \
    "$status" "$name" "$detail" >>"$CT_RESULTS"
}

# ct_check <name> <command...>: runs the command (its output kept in the log), records the result.
ct_check() {
  local name=$1 out
  shift
  if out=$("$@" 2>&1); then
    ct_record ok "$name"
  else
    ct_record failed "$name" "$(printf '%s' "$out" | tail -5 | tr '\n' ' ' | cut -c1-400)"
    return 1
  fi
}

# ct_wait_http <url> <seconds> [curl args...]: until the URL answers 200.
ct_wait_http() {
  local url=$1 seconds=$2 i
  shift 2
  for ((i = 0; i < seconds; i++)); do
    [ "$(timeout 5 curl -s -o /dev/null -w '%{http_code}' "$@" "$url" 2>/dev/null)" = 200 ] && return 0
    sleep 1
  done
  echo "$url did not answer 200 within ${seconds}s"
  return 1
}

# ct_post_quote <url> <origin> <email> [curl args...]: the quote form as a browser without
# scripts posts it; answers 0 when the site accepted it (2xx or a redirect).
ct_post_quote() {
  local url=$1 origin=$2 email=$3 code
  shift 3
  code=$(timeout 20 curl -s -o /dev/null -w '%{http_code}' "$@" -H "Origin: $origin" \
    --data-urlencode "name=Container Test" --data-urlencode "email=$email" \
    --data-urlencode "phone=620-555-0100" \
    --data-urlencode "message=Hail took shingles off the north side; please take a look." \
    "$url/contact/send")
  case $code in 2* | 3*) return 0 ;; *) echo "POST $url/contact/send answered $code" && return 1 ;; esac
}

# ct_count_leads <container> <email>: leads stored with that email, read inside the container.
ct_count_leads() {
  timeout 30 docker exec "$1" node -e '
    const db = require("better-sqlite3")(process.env.DATABASE_PATH, { readonly: true });
    console.log(db.prepare("select count(*) as n from leads where email = ?").get(process.argv[1]).n);
  ' "$2"
}

# ct_expect <expected> <command...>: the command's last output line equals expected.
ct_expect() {
  local expected=$1 got
  shift
  got=$("$@" 2>&1 | tail -1)
  [ "$got" = "$expected" ] || { echo "expected $expected, got: $got"; return 1; }
}

# ct_pages <base url> <cookie jar> <path...>: every path answers 200 (signed in when the jar holds a session).
ct_pages() {
  local base=$1 jar=$2 p code bad=""
  shift 2
  for p in "$@"; do
    code=$(timeout 30 curl -s -o /dev/null -w '%{http_code}' -b "$jar" "$base$p")
    [ "$code" = 200 ] || bad="$bad $p=$code"
  done
  [ -z "$bad" ] || { echo "not 200:$bad"; return 1; }
}

# ct_sign_in <base url> <cookie jar> <email> <password>: the login form without scripts.
ct_sign_in() {
  local code
  code=$(timeout 30 curl -s -o /dev/null -w '%{http_code}' -c "$2" -H "Origin: $1" \
    --data-urlencode "email=$3" --data-urlencode "password=$4" "$1/admin/login")
  [ "$code" = 302 ] || [ "$code" = 303 ] || { echo "sign-in answered $code"; return 1; }
  grep -q . "$2"
}
