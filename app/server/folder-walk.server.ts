import fs from "node:fs";
import path from "node:path";

/**
 * The one walk of a folder on disk, for backups, their .tar.gz and the export: every file
 * and folder under `root` as a path relative to it with forward slashes (as archives name
 * them; Node's path functions take them on every system), folders before their contents,
 * in name order. Links and other special files are left out. Nothing under a missing root.
 */
export function* walkFolder(root: string, relative = ""): Generator<{ relative: string; directory: boolean }> {
  const here = path.join(root, relative);
  if (!fs.existsSync(here)) return;
  for (const entry of fs.readdirSync(here, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield { relative: child, directory: true };
      yield* walkFolder(root, child);
    } else if (entry.isFile()) {
      yield { relative: child, directory: false };
    }
  }
}

/** Every file under `dir`, relative to it (`.gitkeep`, which only keeps a folder in git, left out). */
export function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const { relative, directory } of walkFolder(dir))
    if (!directory && path.posix.basename(relative) !== ".gitkeep") files.push(relative);
  return files;
}
