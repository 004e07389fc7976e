// The yardstick for `npm run bench`: a bare node:http process that answers the bytes a
// page had, from memory, with the headers it had. No framework, no routing, no cache
// logic: what this runtime can do on this machine. node scripts/bare-server.js <port> <file.json>
import fs from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const pages = new Map(
  JSON.parse(fs.readFileSync(file, "utf8")).map((p) => [
    p.path,
    {
      raw: { body: Buffer.from(p.raw, "base64"), headers: p.rawHeaders },
      br: { body: Buffer.from(p.br, "base64"), headers: p.brHeaders },
    },
  ]),
);
http
  .createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) return res.writeHead(404).end();
    const variant = /\bbr\b/.test(req.headers["accept-encoding"] ?? "") ? page.br : page.raw;
    res.writeHead(200, variant.headers);
    res.end(variant.body);
  })
  .listen(Number(port), "127.0.0.1");
