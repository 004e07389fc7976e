import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icon";

describe("the icon sprite", () => {
  const file = fs.readFileSync(new URL("../assets/icon-sprite.svg", import.meta.url), "utf8");
  const symbols = Array.from(file.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">/g), (m) => m[1]);

  it("draws every icon the pages can name, and nothing they cannot", () => {
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
  });
});
