import fs from "node:fs";
import { PassThrough, pipeline, Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ZipFile } from "yazl";

/**
 * A .zip written as it is read, by yazl (decision 0093): zip64 as soon as the archive needs
 * it (more than 65,535 entries, or past 4 GB), so an export of any size opens everywhere.
 * Memory holds a line per entry for the central directory and a few files' bytes at most.
 */

export type ZipEntry = {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** A file on disk, or text made as it is read (a CSV from its rows). */
  source: { file: string } | { text: () => Iterable<string> };
  /** Deflate level; 0 stores the bytes as they are (pictures are compressed already). */
  level?: number;
};

/**
 * yazl looks for the entry to write next from the first one, on every entry added and every
 * entry finished: each entry added once it has started writing costs a walk of all those
 * before it. So entries are handed over as they are listed, a slice per turn of the event
 * loop so listing years of pictures never holds the server, and only reading waits.
 */
const SLICE = 500;
/** Files read ahead of the one being written, so the disk is not waited for file by file. */
const AHEAD = 8;
/** Files this small are read whole ahead; larger ones are streamed when their turn comes. */
const SMALL = 1024 * 1024;

const isMissing = (error: unknown) => error instanceof Error && "code" in error && error.code === "ENOENT";

/** The entries as one zip stream; an entry that cannot be read ends it with that error. */
export function zipStream(entries: Iterable<ZipEntry>): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  let stopped = false;
  // Streams opened and not yet read to the end: closed if the download stops half way.
  const open = new Set<Readable>();
  // Files listed and not yet written, by their place in the archive.
  const reads = new Map<number, { file: string; size: number; body?: Promise<Readable> }>();
  let files = 0;
  let nextRead = 0;

  pipeline(zip.outputStream, output, () => {
    stopped = true;
    for (const stream of open) stream.destroy();
  });
  zip.on("error", fail);

  const watch = (stream: Readable) => {
    open.add(stream);
    return stream.on("error", fail).on("close", () => open.delete(stream));
  };

  async function read(file: string, size: number): Promise<Readable> {
    try {
      if (size <= SMALL) return Readable.from([await fs.promises.readFile(file)], { objectMode: false });
      return (await fs.promises.open(file, "r")).createReadStream();
    } catch (error) {
      // Deleted after it was listed, when its name is already written: it stays, empty.
      if (isMissing(error)) return Readable.from([], { objectMode: false });
      throw error;
    }
  }

  function readAhead(from: number) {
    for (; nextRead < Math.min(from + AHEAD, files); nextRead++) {
      const next = reads.get(nextRead)!;
      next.body = read(next.file, next.size);
      // Taken when its turn comes; until then a failure must not go unhandled.
      next.body.then((stream) => (stopped ? stream.destroy() : watch(stream)), fail);
    }
  }

  function add({ name, source, level = 6 }: ZipEntry) {
    if ("text" in source) {
      zip.addReadStreamLazy(name, { compressionLevel: level }, (give) =>
        give(null, watch(Readable.from(source.text(), { objectMode: false }))),
      );
      return;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(source.file);
    } catch (error) {
      // A picture deleted since its folder was listed is left out.
      if (isMissing(error)) return;
      throw error;
    }
    const index = files++;
    reads.set(index, { file: source.file, size: stat.size });
    zip.addReadStreamLazy(name, { compressionLevel: level, mtime: stat.mtime }, (give) => {
      readAhead(index);
      const { body } = reads.get(index)!;
      reads.delete(index);
      void body!.then((stream) => give(null, stream), fail);
    });
  }

  void (async () => {
    let listed = 0;
    for (const entry of entries) {
      if (stopped) return;
      add(entry);
      if (++listed % SLICE === 0) await nextTurn();
    }
    zip.end();
  })().catch(fail);
  return output;
}
