// Run by the Dockerfile right after `npm install`: fails unless every package installed is
// the version the committed lockfile names, so the image is the build CI tested.
//   node deploy/locked-versions.mjs <the committed package-lock.json>
// Byte-comparing the lockfile does not work: the image's npm (10, with Node 22) writes it
// back without the `libc` fields npm 11 keeps, though every version is the same.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const wrong = [];
let checked = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where || entry.link) continue;
  let installed;
  try {
    installed = JSON.parse(fs.readFileSync(`${where}/package.json`, "utf8")).version;
  } catch {
    // Not installed here: another platform's optional package.
    continue;
  }
  checked++;
  if (installed !== entry.version) wrong.push(`${where}: ${installed} installed, ${entry.version} locked`);
}
if (wrong.length || checked === 0) {
  console.error(
    wrong.length
      ? `Not the locked versions:\n  ${wrong.join("\n  ")}\nCommit the lockfile npm install writes.`
      : "No package of the lockfile is installed.",
  );
  process.exit(1);
}
console.log(`${checked} packages, each the locked version.`);
