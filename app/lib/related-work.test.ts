import { describe, expect, it } from "vitest";
import {
  highlightedWork,
  projectsForService,
  projectsForTown,
  testimonialForService,
  testimonialForTown,
} from "./related-work";

// The demo content's own words.
const project = (
  id: number,
  category: "framing" | "roofing" | "bright-green",
  title: string,
  description: string,
  featured = false,
) => ({
  id,
  category,
  title,
  description,
  featured,
});
const PROJECTS = [
  project(
    1,
    "framing",
    "Two-Story Custom Home Framing, Derby",
    "Full framing package for a two-story home: engineered floor joists.",
    true,
  ),
  project(
    2,
    "framing",
    "Family Room Addition, Wellington",
    "A room addition tied into the existing roofline, with a new header.",
  ),
  project(3, "framing", "Detached Garage and Workshop, Mulvane", "Framing for a detached garage with a loft."),
  project(
    4,
    "roofing",
    "Architectural Shingle Roof, Andover",
    "Tear-off, new drip edge, synthetic underlayment and seamless gutters.",
    true,
  ),
  project(
    5,
    "roofing",
    "Hail Damage Repair, Haysville",
    "Storm-damaged slopes replaced and flashing resealed after a hail storm.",
  ),
  project(
    6,
    "roofing",
    "Complete Roof Replacement, Wichita",
    "Full replacement, new decking where the old planks had rotted.",
  ),
  project(
    7,
    "bright-green",
    "Bright Green Treatment on a Ranch Home, Newton",
    "A shingle roof treated with the Bright Green coating.",
  ),
  project(8, "roofing", "New Roof, Derbyshire Lane, Wichita", "Shingles."),
];
const testimonial = (id: number, location: string | null, quote: string, rating = 5) => ({
  id,
  name: "N",
  location,
  quote,
  rating,
});
const TESTIMONIALS = [
  testimonial(1, "Wellington, KS", "They replaced our roof two days after the hail storm."),
  testimonial(2, "Derby, KS", "Our addition was framed square, plumb and on schedule."),
  testimonial(3, "Wichita, KS", "Prairie Ridge suggested the Bright Green treatment instead.", 4),
  testimonial(4, "Andover, KS", "Our new gutters finally keep the basement dry.", 4),
  testimonial(5, "Newton, KS", "They found the leak two other roofers missed.", 5),
  testimonial(6, null, "Friendly family business.", 4),
];
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe("projects a service page shows", () => {
  it("takes the service's kind of work, named in the title or description, three at most", () => {
    expect(ids(projectsForService(PROJECTS, "residential-framing-wichita"))).toEqual([1, 2, 3]);
    expect(ids(projectsForService(PROJECTS, "roof-repairs-wichita"))).toEqual([5]);
    expect(ids(projectsForService(PROJECTS, "gutter-services-wichita"))).toEqual([4]);
    expect(ids(projectsForService(PROJECTS, "bright-green-roof-treatment-wichita"))).toEqual([7]);
    expect(ids(projectsForService(PROJECTS, "new-construction-framing-wichita"))).toEqual([1, 3]);
  });

  it("shows nothing rather than unrelated work", () => {
    expect(projectsForService(PROJECTS, "structural-repairs-wichita")).toEqual([]);
  });
});

describe("projects an area page shows", () => {
  it("takes projects that name the town as a whole word", () => {
    expect(ids(projectsForTown(PROJECTS, "Derby"))).toEqual([1]);
    expect(ids(projectsForTown(PROJECTS, "Wichita"))).toEqual([6, 8]);
    expect(ids(projectsForTown(PROJECTS, "Park City"))).toEqual([]);
  });
});

describe("projects made from a completed job (service and town known)", () => {
  const job = (id: number, service: string, town: string, title = "Roof Repairs in Derby") => ({
    id,
    category: "roofing" as const,
    title,
    description: "Done in a day.",
    featured: false,
    service,
    town,
  });

  it("show on their own service's page, whatever their words say", () => {
    // Its title names framing words, but the job was a roof repair.
    const repair = job(20, "Roof Repairs", "Derby", "New garage roof over the addition");
    const storm = job(21, "Storm / hail damage", "Haysville");
    expect(ids(projectsForService([repair, storm], "roof-repairs-wichita"))).toEqual([20, 21]);
    expect(projectsForService([repair], "residential-framing-wichita")).toEqual([]);
    expect(projectsForService([repair], "residential-roofing-wichita")).toEqual([]);
  });

  it("show on their own town's page only, not on a town their words name", () => {
    const derby = job(22, "Roof Repairs", "Derby, KS", "Roof repairs near Mulvane");
    expect(ids(projectsForTown([derby], "Derby"))).toEqual([22]);
    expect(projectsForTown([derby], "Mulvane")).toEqual([]);
  });

  it("fall back to the words when the service was 'Not sure' or there is no town", () => {
    const unsure = { ...job(23, "Not sure", "", "Hail Damage Repair, Andover"), town: null };
    expect(ids(projectsForService([unsure], "roof-repairs-wichita"))).toEqual([23]);
    expect(ids(projectsForTown([unsure], "Andover"))).toEqual([23]);
  });

  it("leave older projects (no service, no town) to their words", () => {
    expect(
      ids(projectsForService([...PROJECTS.map((p) => ({ ...p, service: null, town: null }))], "roof-repairs-wichita")),
    ).toEqual([5]);
  });
});

describe("the testimonial a page shows", () => {
  it("on a service page: the best-rated customer who speaks of that work", () => {
    expect(testimonialForService(TESTIMONIALS, "residential-framing-wichita")?.id).toBe(2);
    expect(testimonialForService(TESTIMONIALS, "gutter-services-wichita")?.id).toBe(4);
    expect(testimonialForService(TESTIMONIALS, "roof-repairs-wichita")?.id).toBe(1);
    expect(testimonialForService(TESTIMONIALS, "structural-repairs-wichita")).toBeNull();
  });

  it("on an area page: a customer from the town, none from elsewhere", () => {
    expect(testimonialForTown(TESTIMONIALS, "Newton")?.id).toBe(5);
    expect(testimonialForTown(TESTIMONIALS, "Winfield")).toBeNull();
  });

  it("on the about page: featured work first and the best-rated word", () => {
    const about = highlightedWork(PROJECTS, TESTIMONIALS);
    expect(ids(about.projects)).toEqual([1, 4]);
    expect(about.testimonial?.id).toBe(1);
    expect(
      ids(
        highlightedWork(
          PROJECTS.map((p) => ({ ...p, featured: false })),
          [],
        ).projects,
      ),
    ).toEqual([1, 2, 3]);
    expect(highlightedWork([], []).testimonial).toBeNull();
  });
});
