import { once } from "node:events";
import { Readable } from "node:stream";
import { createDeflateRaw } from "node:zlib";

/**
 * A .zip written as it is read (decision 0059): each entry deflated on the fly,
 * its CRC and sizes in a data descriptor after it, the central directory at the end, so an
 * export of any size leaves memory flat. Plain zip (no zip64): up to 65,535 entries and
 * 4 GB, which a contractor's export is far below; past that it fails rather than write a
 * file no one can open.
 */

export type ZipEntry = {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** Its bytes, pulled when the archive reaches it. */
  body: () => AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** Pictures are compressed already: level 1 spends no time on them. */
  level?: number;
  mtime?: Date;
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** MS-DOS time and date, as zip stores them (local time of the server; two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

const MAX_32 = 0xffffffff;
// Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8.
const FLAGS = 0x0808;

type Written = {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
};

/** The entry's bytes deflated, counting what goes in and out as it passes. */
async function* deflated(
  entry: ZipEntry,
  sizes: { crc: number; size: number; compressed: number },
): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw({ level: entry.level ?? 6 });
  const feeding = (async () => {
    for await (const part of entry.body()) {
      const chunk = typeof part === "string" ? Buffer.from(part) : part;
      sizes.crc = crc32(chunk, sizes.crc);
      sizes.size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, "drain");
    }
    deflate.end();
  })().catch((error: unknown) => deflate.destroy(error as Error));
  for await (const out of deflate) {
    const chunk = out as Buffer;
    sizes.compressed += chunk.length;
    yield chunk;
  }
  await feeding;
}

async function* zipOf(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { time, date } = dosTime(entry.mtime ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    const sizes = { crc: 0, size: 0, compressed: 0 };
    yield* deflated(entry, sizes);
    if (sizes.size > MAX_32 || sizes.compressed > MAX_32) throw new Error(`${entry.name} is too big for a zip file`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sizes.crc, 4);
    descriptor.writeUInt32LE(sizes.compressed, 8);
    descriptor.writeUInt32LE(sizes.size, 12);
    yield descriptor;
    written.push({ name, ...sizes, offset, time, date });
    offset += local.length + name.length + sizes.compressed + descriptor.length;
    if (offset > MAX_32 || written.length > 0xffff) throw new Error("The export is too big for a zip file");
  }
  let directory = 0;
  for (const file of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(file.time, 12);
    central.writeUInt16LE(file.date, 14);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.compressed, 20);
    central.writeUInt32LE(file.size, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(file.offset, 42);
    yield central;
    yield file.name;
    directory += central.length + file.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}

/** The entries as one zip stream. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(zipOf(entries));
}
