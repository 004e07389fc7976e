import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, walkFolder } from "./folder-walk.server";

describe("walkFolder and filesUnder", () => {
  it("list folders before their contents, in name order, with forward slashes; files without .gitkeep", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "folder-walk-"));
    for (const file of ["b.txt", "a/.gitkeep", "a/deep/c.webp", "a/d.jpg"]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), file);
    }
    expect([...walkFolder(root)]).toEqual([
      { relative: "a", directory: true },
      { relative: "a/.gitkeep", directory: false },
      { relative: "a/d.jpg", directory: false },
      { relative: "a/deep", directory: true },
      { relative: "a/deep/c.webp", directory: false },
      { relative: "b.txt", directory: false },
    ]);
    expect(filesUnder(root)).toEqual(["a/d.jpg", "a/deep/c.webp", "b.txt"]);
    expect(filesUnder(path.join(root, "missing"))).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
