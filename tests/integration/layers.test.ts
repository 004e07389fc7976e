import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule in eslint.config.js, tried on code that breaks it: `npm run lint` must
// refuse an import that runs up a layer.
const eslint = new ESLint();
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layers", () => {
  it.each([
    ["app/lib/probe.ts", 'import { getDb } from "~/server/db.server";\nexport const x = getDb;\n'],
    ["app/lib/probe.ts", 'import { listProjects } from "../models/project.server";\nexport const x = listProjects;\n'],
    [
      "app/components/probe.tsx",
      'import { listProjects } from "~/models/project.server";\nexport const x = listProjects;\n',
    ],
    [
      "app/models/probe.server.ts",
      'import { redirectWithFlash } from "~/services/flash.server";\nexport const x = redirectWithFlash;\n',
    ],
    [
      "app/models/probe.server.ts",
      'import { removeUpload } from "~/server/storage.server";\nexport const x = removeUpload;\n',
    ],
    [
      "app/models/probe.server.ts",
      'import { uploadUrl } from "../server/storage.server";\nexport const x = uploadUrl;\n',
    ],
    [
      "app/models/probe.server.ts",
      'import { saveImageFiles } from "~/server/image-files.server";\nexport const x = saveImageFiles;\n',
    ],
    [
      "app/server/probe.server.ts",
      'import { getProject } from "~/models/project.server";\nexport const x = getProject;\n',
    ],
    ["app/services/probe.server.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'],
    ["app/routes/probe.tsx", 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'],
    ["app/services/probe.server.ts", 'import { loader } from "~/routes/home";\nexport const x = loader;\n'],
    // A view typed by a page's loader is tied to that page: not even a type.
    [
      "app/components/probe.tsx",
      'import type { loader } from "~/routes/portfolio-project";\nexport type X = typeof loader;\n',
    ],
    [
      "app/components/admin/probe.tsx",
      'import { type loader } from "../../routes/home";\nexport type X = typeof loader;\n',
    ],
  ])(
    "%s may not import %j",
    async (file, code) => {
      expect(await layerErrors(file, code)).not.toEqual([]);
    },
    30_000,
  );

  it("lets each layer import the ones below it, and components import types", async () => {
    expect(
      await layerErrors(
        "app/services/probe.server.ts",
        'import { getProject } from "~/models/project.server";\nexport const x = getProject;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/models/probe.server.ts",
        'import type { ImageFile } from "~/server/image-files.server";\nimport { getDb } from "~/server/db.server";\nexport type X = ImageFile;\nexport const y = getDb;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/components/probe.tsx",
        'import type { ProjectRow } from "~/models/project.server";\nexport type X = ProjectRow;\n',
      ),
    ).toEqual([]);
  }, 30_000);
});
