// `npm run dev`: the same server as production, with Vite's hot reload in front.
process.env.NODE_ENV = "development";
await import("../server.js");
