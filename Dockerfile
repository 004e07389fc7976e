# One container: the site, the admin and the roof tool. State lives in two volumes:
# /app/data (the SQLite file, roof pictures in private-uploads/, backups/) and /app/uploads
# (public images). Back both up together: `npm run backup` (README, Operations).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json deploy/locked-versions.mjs ./
# Exactly the locked versions, checked (`npm ci` refuses a lockfile that lacks other
# platforms' optional packages, so it is `npm install`, which could otherwise resolve afresh).
RUN cp package-lock.json /tmp/package-lock.json && npm install --no-audit --no-fund \
  && node locked-versions.mjs /tmp/package-lock.json && rm /tmp/package-lock.json locked-versions.mjs
COPY . .
# The runtime gets bundles, not sources (decision 0063): the server and the terminal
# commands bundled with their JavaScript packages, then only the packages that must stay
# on disk, without their C sources, object files, types, maps and docs.
RUN node_modules/.bin/react-router build \
  && node deploy/container-runtime.mjs \
  && npm prune --omit=dev --omit=peer --no-audit --no-fund \
  && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
    node_modules/better-sqlite3/build/deps node_modules/@img/sharp-wasm32 node_modules/@emnapi \
  && find node_modules \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' \
    -o -iname 'README*' -o -iname 'CHANGELOG*' \) -type f -delete

FROM node:22-bookworm-slim AS runtime
# Two malloc arenas: sharp's worker threads otherwise leave ~70 MB of freed memory
# resident for good (README, Operations).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATABASE_PATH=/app/data/app.db \
    UPLOADS_DIR=/app/uploads
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/server.js ./
COPY --from=build /app/build ./build
# drizzle/: migrations applied at start; seed/: demo pictures; scripts/start.js (and the
# build-state.js it asks): the start.
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/seed ./seed
COPY --from=build /app/scripts/start.js /app/scripts/build-state.js ./scripts/
RUN mkdir -p /app/data /app/uploads && chown node:node /app/data /app/uploads
USER node
VOLUME ["/app/data", "/app/uploads"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same start script as `npm start`: migrate, seed an empty database, serve.
CMD ["node", "scripts/start.js"]
