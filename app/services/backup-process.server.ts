import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A backup made in a process of its own (decision 0092): copying years of pictures and
 * the database is synchronous file and SQLite work, which on the server's own thread would
 * hold every page until it is done. The child is the `npm run backup` command itself
 * (scripts/backup.ts: the backup, its notes, the off-site sending), so the server, the
 * nightly run and the terminal make a backup one way.
 */

/** A terminal command: the container's bundle when there is one, else the script through tsx. */
function cliCommand(name: "backup" | "restore"): string[] {
  const bundled = path.resolve(`build/cli/${name}.js`);
  if (fs.existsSync(bundled)) return [bundled];
  return [path.resolve("node_modules/tsx/dist/cli.mjs"), path.resolve(`scripts/${name}.ts`)];
}

/** What scripts/backup.ts prints once the backup is whole on the server's disk. */
export const WRITTEN = "Backup written to ";

export type BackupRun = { made: true } | { made: false; message: string };

/**
 * Makes a backup in a child process. `until: "written"` answers as soon as the backup is
 * on the disk (the child goes on sending it off-site: the owner's page need not wait on
 * his upload speed); `until: "done"` when the child has finished everything.
 */
export function backUpInChild(until: "written" | "done"): Promise<BackupRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliCommand("backup"), {
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    let out = "";
    let err = "";
    let answered = false;
    const answer = (run: BackupRun) => {
      if (answered) return;
      answered = true;
      resolve(run);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      if (until === "written" && out.includes(WRITTEN)) answer({ made: true });
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", (error) => answer({ made: false, message: error.message }));
    child.on("close", (code) => {
      if (out.trim()) console.log(out.trim());
      if (err.trim()) console.error(err.trim());
      // The backup is on the disk even when the off-site sending failed (exit 1 after it).
      answer(out.includes(WRITTEN) ? { made: true } : { made: false, message: lastLine(err) || `exit ${code}` });
    });
  });
}

const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";

/** What scripts/restore.ts prints about the state it moved aside. */
export const KEPT_IN = "What was there before is kept in ";

export type RestoreRun = { restored: true; keptIn: string } | { restored: false; message: string };

/**
 * Puts the backup in `folder` back by `npm run restore` in a process of its own (the server
 * has closed the site and its database first): copying the pictures back is synchronous
 * file work that would otherwise hold even the maintenance page.
 */
export function restoreInChild(folder: string): Promise<RestoreRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cliCommand("restore"), "--force", folder], {
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", (error) => resolve({ restored: false, message: error.message }));
    child.on("close", (code) => {
      if (out.trim()) console.log(out.trim());
      if (err.trim()) console.error(err.trim());
      const kept = out.split("\n").find((line) => line.includes(KEPT_IN));
      resolve(
        code === 0 && kept
          ? { restored: true, keptIn: kept.slice(kept.indexOf(KEPT_IN) + KEPT_IN.length).trim() }
          : { restored: false, message: lastLine(err) || `exit ${code}` },
      );
    });
  });
}
