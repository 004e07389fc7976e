import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { walkFolder } from "~/server/folder-walk.server";

/**
 * A folder as a .tar.gz stream, written as it is read: a backup of any size leaves memory
 * flat. Plain POSIX ustar (regular files and folders), which GNU tar, bsdtar, 7-Zip and
 * Windows' own tar open; decision 0058 says why it is written here rather than pulled in.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** Splits a path into ustar's prefix (155) and name (100) at a slash; throws if it cannot fit. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name };
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`A path too long for a tar archive: ${name}`);
}

export function tarHeader(entry: { name: string; size: number; mtime: Date; directory?: boolean }): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  const { prefix, name } = splitName(entry.directory ? `${entry.name}/` : entry.name);
  header.write(name, 0, 100, "utf8");
  header.write(octal(entry.directory ? 0o755 : 0o644, 8), 100, 8, "ascii");
  header.write(octal(0, 8), 108, 8, "ascii");
  header.write(octal(0, 8), 116, 8, "ascii");
  header.write(octal(entry.directory ? 0 : entry.size, 12), 124, 12, "ascii");
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 12, "ascii");
  header.write("        ", 148, 8, "ascii");
  header.write(entry.directory ? "5" : "0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + " ", 148, 8, "ascii");
  return header;
}

async function* tarOf(root: string, top: string): AsyncGenerator<Buffer> {
  yield tarHeader({
    name: top,
    size: 0,
    mtime: fs.statSync(root).mtime,
    directory: true,
  });
  for (const { relative, directory } of walkFolder(root)) {
    const name = `${top}/${relative}`;
    const stat = fs.statSync(path.join(root, relative));
    if (directory) {
      yield tarHeader({ name, size: 0, mtime: stat.mtime, directory: true });
      continue;
    }
    yield tarHeader({ name, size: stat.size, mtime: stat.mtime });
    let written = 0;
    for await (const chunk of fs.createReadStream(path.join(root, relative))) {
      const buffer = chunk as Buffer;
      // A file that grew since it was listed: the header promised its size, and gets it.
      const room = stat.size - written;
      if (room <= 0) break;
      const part = buffer.length > room ? buffer.subarray(0, room) : buffer;
      written += part.length;
      yield part;
    }
    // One that shrank is padded to its promised size, so the archive stays readable.
    if (written < stat.size) yield Buffer.alloc(stat.size - written, 0);
    const pad = (BLOCK - (stat.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad, 0);
  }
  yield Buffer.alloc(BLOCK * 2, 0);
}

/** `root` and everything in it as a gzipped tar stream, under the folder name `top`. */
export function tarGzStream(root: string, top: string): Readable {
  const gzip = createGzip();
  const tar = Readable.from(tarOf(root, top));
  tar.on("error", (error) => gzip.destroy(error));
  return tar.pipe(gzip);
}
