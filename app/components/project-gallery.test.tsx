import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProjectCard } from "~/lib/portfolio";
import { ProjectGallery } from "./project-gallery";

const project = (id: number, category: ProjectCard["category"], extra: Partial<ProjectCard> = {}): ProjectCard => ({
  id,
  title: `Project ${id}`,
  category,
  description: "A job",
  mediaType: "image",
  videoUrl: null,
  altText: `Picture of project ${id}`,
  featured: false,
  image: { url: `/uploads/p${id}.webp`, width: 1200, height: 900 },
  ...extra,
});

const render = (projects: ProjectCard[], tab: "all" | "framing" | "roofing" | "bright-green", leadsPage = false) =>
  renderToString(
    <MemoryRouter>
      <ProjectGallery projects={projects} tab={tab} tabHref={(t) => `/portfolio?category=${t}`} leadsPage={leadsPage} />
    </MemoryRouter>,
  );
const imgTags = (html: string) => html.match(/<img[^>]*>/g) ?? [];

describe("ProjectGallery (server HTML, as a visitor without scripts gets it)", () => {
  it("shows one carousel per non-empty category on the All tab", () => {
    const html = render([project(1, "framing"), project(2, "bright-green")], "all");
    expect(html).toContain("Framing Projects");
    expect(html).toContain("Bright Green Roof Treatment Projects");
    expect(html).not.toContain("Roofing Projects");
    expect(html).not.toContain("found in the gallery");
  });

  it.each([
    ["framing", "No framing projects found in the gallery."],
    ["roofing", "No roofing projects found in the gallery."],
    ["bright-green", "No Bright Green projects found in the gallery."],
  ] as const)("says so when the %s tab is empty", (tab, text) => {
    const html = render([project(9, tab === "framing" ? "roofing" : "framing")], tab);
    expect(html).toContain(text);
  });

  it("links each tile, picture or video, to the project's own page", () => {
    const html = render(
      [project(1, "roofing"), project(2, "roofing", { mediaType: "video", videoUrl: "https://youtu.be/M7lc1UVf-VE" })],
      "roofing",
    );
    expect(html).toContain('href="/portfolio/1"');
    expect(html).toContain('href="/portfolio/2"');
    expect(html).not.toContain("<iframe");
  });

  it("marks the current tab, and its scroll buttons are hidden until scripts run", () => {
    const html = render([project(1, "framing"), project(2, "framing")], "framing");
    expect(html).toMatch(/aria-current="page"[^>]*>Framing</);
    // In the markup (so the page's inlined CSS styles them) but not shown: they need scripts.
    expect(html).toMatch(/<div class="[^"]*" hidden="">(?:(?!<\/div>).)*aria-label="Scroll Framing Projects right"/s);
  });

  it("on the portfolio the first picture loads with the page, before anything else, and the rest after layout", () => {
    const projects = [project(1, "roofing"), ...Array.from({ length: 5 }, (_, i) => project(10 + i, "framing"))];
    const [first, ...rest] = imgTags(render(projects, "all", true));
    // Framing comes first on the All tab: its first tile is the page's largest picture.
    expect(first).toContain('alt="Picture of project 10"');
    expect(first).toContain('fetchPriority="high"');
    expect(first).toContain('loading="eager"');
    expect(rest).toHaveLength(5);
    for (const tag of rest) {
      expect(tag).toContain('loading="lazy"');
      expect(tag).not.toContain("fetchPriority");
    }
    expect(rest[4]).toContain('alt="Picture of project 1"');
  });

  it("elsewhere (the home page, below its own hero picture) every tile waits until scrolled to", () => {
    const tags = imgTags(render([project(1, "framing"), project(2, "framing")], "all"));
    expect(tags).toHaveLength(2);
    for (const tag of tags) {
      expect(tag).toContain('loading="lazy"');
      expect(tag).not.toContain("fetchPriority");
    }
  });
});
