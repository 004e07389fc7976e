import { Readable } from "node:stream";
import { create } from "tar";

/**
 * A folder as a .tar.gz stream, written by node-tar as it is read (decision 0093): a backup
 * of any size leaves memory flat, and GNU tar, bsdtar, 7-Zip and Windows' own tar open it.
 * Only files and folders go in, as `walkFolder` sees a backup: restore takes nothing else.
 */
export function tarGzStream(root: string, top: string): Readable {
  const pack = create(
    {
      cwd: root,
      prefix: top,
      gzip: true,
      // No owner ids or host-specific times: the archive is the same wherever it is opened.
      portable: true,
      filter: (_path, stat) => "isFile" in stat && (stat.isFile() || stat.isDirectory()),
    },
    ["."],
  );
  return Readable.from(pack, { objectMode: false });
}
