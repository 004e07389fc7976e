# One container: the site, the admin and the roof tool. State lives in two volumes:
# /app/data (the SQLite file, roof pictures in private-uploads/) and /app/uploads (public
# images). Back both up together.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN node_modules/.bin/react-router build && npm prune --omit=dev --no-audit --no-fund

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
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.js /app/tsconfig.json ./
# drizzle/: migrations applied at start; seed/: demo pictures; app/ + scripts/: the admin CLI.
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/seed ./seed
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /app/data /app/uploads && chown node:node /app/data /app/uploads
USER node
VOLUME ["/app/data", "/app/uploads"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same start script as `npm start`: migrate, seed an empty database, serve.
CMD ["node", "scripts/start.js"]
