import { beforeAll, describe, expect, it } from "vitest";
import { insertProject } from "~/models/project.server";
import { loader } from "~/routes/resources/project-description";

// The portfolio's dialog reads a project's description from here (lists leave it out):
// what a published project says, and nothing of a draft or an address that is no project.
const ask = async (id: string) => {
  const response = (await loader({
    request: new Request(`http://site.test/portfolio/${id}/description`),
    params: { id },
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as unknown };
};

const video = {
  category: "roofing",
  mediaType: "video",
  videoUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
} as const;
let published = 0;
let draft = 0;
beforeAll(() => {
  published = insertProject({
    ...video,
    title: "Hail Damage Reroof, Derby",
    description: "A full tear-off after the May hail, with new drip edge and ridge vents.",
  });
  draft = insertProject({
    ...video,
    title: "Porch Roof, Mulvane",
    description: "Not looked over yet.",
    published: false,
  });
});

describe("a project's description for the portfolio dialog", () => {
  it("is the published project's description, and only that", async () => {
    expect(await ask(String(published))).toEqual({
      status: 200,
      body: { description: "A full tear-off after the May hail, with new drip edge and ridge vents." },
    });
  });

  it("is a 404 for a draft, an unknown project or an address that is no project id", async () => {
    for (const id of [String(draft), "999999", "0", "01", "abc", String(published) + "x"]) {
      expect((await ask(id)).status, id).toBe(404);
    }
  });
});
