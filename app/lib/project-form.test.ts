import { describe, expect, it } from "vitest";
import { PROJECT_REQUIRED, PROJECT_SERVICES, ProjectSchema, SERVICE_INVALID, VIDEO_URL_INVALID } from "./project-form";

describe("ProjectSchema", () => {
  it("accepts an image project and reads the featured checkbox", () => {
    const r = ProjectSchema.parse({ title: " Deck ", category: "framing", description: "New deck", featured: "on" });
    expect(r).toMatchObject({ title: "Deck", mediaType: "image", featured: true });
  });

  it("needs title, category and description", () => {
    const r = ProjectSchema.safeParse({ title: "", category: "plumbing", description: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([PROJECT_REQUIRED, PROJECT_REQUIRED, PROJECT_REQUIRED]);
  });

  it("needs a YouTube or Vimeo link for a video", () => {
    const base = { title: "T", category: "roofing", description: "D", mediaType: "video" };
    expect(ProjectSchema.safeParse({ ...base, videoUrl: "https://evil.example/x" }).error?.issues[0].message).toBe(
      VIDEO_URL_INVALID,
    );
    expect(ProjectSchema.safeParse({ ...base, videoUrl: "https://youtu.be/M7lc1UVf-VE" }).success).toBe(true);
  });

  it("files the project under a service from the list and a town, both optional", () => {
    const base = { title: "T", category: "roofing", description: "D" };
    expect(ProjectSchema.parse({ ...base, service: "Roof Repairs", town: " Derby " })).toMatchObject({
      service: "Roof Repairs",
      town: "Derby",
    });
    const blank = ProjectSchema.parse(base);
    expect([blank.service, blank.town]).toEqual([undefined, undefined]);
    expect(ProjectSchema.safeParse({ ...base, service: "Plumbing" }).error?.issues[0].message).toBe(SERVICE_INVALID);
    expect(ProjectSchema.safeParse({ ...base, town: "x".repeat(100) }).success).toBe(true);
    expect(ProjectSchema.safeParse({ ...base, town: "x".repeat(101) }).success).toBe(false);
    expect(PROJECT_SERVICES).toContain("Storm / hail damage");
    expect(PROJECT_SERVICES).not.toContain("Not sure");
    // Every service the editor offers is one the schema takes.
    for (const service of PROJECT_SERVICES) expect(ProjectSchema.safeParse({ ...base, service }).success).toBe(true);
  });
});
