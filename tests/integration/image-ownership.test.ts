import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProjectInput } from "~/lib/project-form";
import type { RoofCustomerInput } from "~/lib/roof-customer-form";
import { listStoredFiles } from "~/models/image.server";
import { paths } from "~/server/env.server";
import { cleanImage, type CleanImage } from "~/server/image-clean.server";
import { privateUploadsDir } from "~/server/storage.server";
import { createProject, deleteProject, getProjectCard, updateProject } from "~/services/project-cards.server";
import { deleteRoofCustomer, saveRoofCustomer } from "~/services/roof-customer-files.server";
import { startApp } from "./started-app";
import { picture } from "./test-images";

// The services own the files, the models own the rows: whichever step fails, a picture's
// files and its row come and go together.
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const files = () => [...list(paths.uploads), ...list(privateUploadsDir)];
const rows = () => listStoredFiles().length;

let image: CleanImage;
const project: ProjectInput = {
  title: "Shed roof",
  category: "roofing",
  description: "A new shed roof in Mulvane",
  mediaType: "image",
  featured: false,
};
const roof: RoofCustomerInput = {
  customerName: "Ortiz",
  street: "1 Main St",
  city: "Belle Plaine",
  state: "KS",
  zipCode: "67013",
  area: null,
  length: null,
  width: null,
  pitch: null,
};

beforeAll(async () => {
  await startApp();
  image = (await cleanImage(await picture("png", 1200)))!;
});

describe("pictures and their rows stay together", () => {
  it("a new picture for a project deleted meanwhile is not kept", async () => {
    const id = await createProject(project, { image, originalName: "a.png" });
    expect(deleteProject(id)).toBe(true);
    const [before, beforeRows] = [files(), rows()];
    expect(await updateProject(id, project, { image, originalName: "b.png" })).toBe(false);
    expect([files(), rows()]).toEqual([before, beforeRows]);
  });

  it("a project row that cannot be written takes its picture's files and row with it", async () => {
    const [before, beforeRows] = [files(), rows()];
    const broken = { ...project, title: null } as unknown as ProjectInput;
    await expect(createProject(broken, { image, originalName: "c.png" })).rejects.toThrow();
    const id = await createProject(project, { image, originalName: "d.png" });
    const stored = files();
    await expect(updateProject(id, broken, { image, originalName: "e.png" })).rejects.toThrow();
    expect(files()).toEqual(stored);
    expect(getProjectCard(id)?.title).toBe("Shed roof");
    deleteProject(id);
    expect([files(), rows()]).toEqual([before, beforeRows]);
  });

  it("a roof customer deleted meanwhile, or one that cannot be written, keeps no new picture", async () => {
    const id = (await saveRoofCustomer(roof))!;
    deleteRoofCustomer(id);
    const [before, beforeRows] = [files(), rows()];
    expect(await saveRoofCustomer({ ...roof, id }, { files: { top: { image, name: "top.png" } } })).toBeNull();
    const broken = { ...roof, street: null } as unknown as RoofCustomerInput;
    await expect(
      saveRoofCustomer(broken, { files: { top: { image, name: "top.png" }, side: { image, name: "side.png" } } }),
    ).rejects.toThrow();
    expect([files(), rows()]).toEqual([before, beforeRows]);
  });

  it("a roof customer's replaced and deleted pictures leave with their rows", async () => {
    const [before, beforeRows] = [files(), rows()];
    const id = (await saveRoofCustomer(roof, {
      files: { top: { image, name: "top.png" }, side: { image, name: "side.png" } },
    }))!;
    expect(rows()).toBe(beforeRows + 2);
    await saveRoofCustomer({ ...roof, id }, { files: { top: { image, name: "top2.png" } }, remove: { side: true } });
    expect(rows()).toBe(beforeRows + 1);
    expect(list(privateUploadsDir).filter((n) => !before.includes(n))).toHaveLength(4); // one picture and its three smaller copies
    expect(deleteRoofCustomer(id)).toBe(true);
    expect([files(), rows()]).toEqual([before, beforeRows]);
  });
});
