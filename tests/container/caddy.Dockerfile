# Stand-in for the official caddy:2 image (no Docker Hub where the suite runs): Debian's
# caddy package (2.6 in bookworm) laid out like the official image, so deploy/compose.yaml
# runs unchanged. Built by tests/container/make-base-images.sh.
FROM prairie-ridge-test/bookworm
RUN apt-get update && apt-get install -y --no-install-recommends caddy \
  && rm -rf /var/lib/apt/lists/*
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
RUN mkdir -p /config/caddy /data/caddy /etc/caddy
VOLUME ["/config", "/data"]
EXPOSE 80 443 443/udp
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
