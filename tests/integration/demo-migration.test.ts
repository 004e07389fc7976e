import { describe, expect, it } from "vitest";
import { DEMO_PROJECTS, DEMO_TESTIMONIALS } from "~/content/demo-content";
import { fromShapeBefore } from "./migration-shape";

// Migration 0016: a site seeded before demo rows were marked (0015) gets its demo rows
// marked, exactly those the seed wrote and the owner left as they were (decision 0043).
describe("migration 0016, demo rows of older sites marked", () => {
  it("marks the seed's projects, reviews and pictures, and nothing the owner made or edited", async () => {
    const edits: Record<string, Partial<{ title: string; description: string; video_url: string; file: string }>> = {
      "Family Room Addition, Wellington": { title: "Our Family Room Addition, Wellington" },
      "Detached Garage and Workshop, Mulvane": { description: "Our own garage job, written up by us." },
      "Hail Damage Repair, Haysville": { file: "IMG_2041.jpg" },
      "Watch: How the Bright Green Treatment Is Applied": {
        video_url: "https://www.youtube.com/watch?v=our-own-video",
      },
    };
    await fromShapeBefore(
      "0015_demo_rows_and_session_devices",
      (db) => {
        const image = db
          .prepare(
            "insert into images (stored_name, original_name, content_type, bytes, width, height, alt) values (?, ?, 'image/webp', 1000, 1200, 900, '') returning id",
          )
          .pluck();
        const project = db.prepare(
          "insert into projects (title, category, description, media_type, image_id, video_url) values (?, ?, ?, ?, ?, ?)",
        );
        DEMO_PROJECTS.forEach((p, i) => {
          const edit = edits[p.title] ?? {};
          const id = image.get(`stored-${i}.webp`, edit.file ?? p.file);
          const video = edit.video_url ?? p.videoUrl ?? null;
          project.run(
            edit.title ?? p.title,
            p.category,
            edit.description ?? p.description,
            video ? "video" : "image",
            id,
            video,
          );
        });
        // The owner's own: a project, a picture he uploaded under a demo file's name and shows nowhere, one he shows.
        project.run(
          "Our roof in Hutchinson",
          "roofing",
          "Real job.",
          "image",
          image.get("own-1.jpg", "roof.jpg"),
          null,
        );
        image.get("own-2.webp", "framing-garage.webp");
        // A project of his that reuses a demo title, with his own picture.
        project.run(
          DEMO_PROJECTS[0].title,
          DEMO_PROJECTS[0].category,
          DEMO_PROJECTS[0].description,
          "image",
          image.get("own-3.jpg", "IMG_3001.jpg"),
          null,
        );

        const review = db.prepare("insert into testimonials (name, location, quote, rating) values (?, ?, ?, ?)");
        DEMO_TESTIMONIALS.forEach((t, i) =>
          review.run(t.name, t.location, i === 1 ? `${t.quote} Thanks again!` : t.quote, t.rating ?? 5),
        );
        review.run("Real Customer", null, "Fine work.", 5);
      },
      (db) => {
        const demoProjects = db.prepare("select title from projects where demo = 1 order by id").pluck().all();
        const untouched = DEMO_PROJECTS.filter((p) => !edits[p.title]).map((p) => p.title);
        expect(demoProjects).toEqual(untouched);
        expect(db.prepare("select count(*) from projects where demo = 0").pluck().get()).toBe(4 + 2);

        const demoImages = db.prepare("select original_name from images where demo = 1 order by id").pluck().all();
        expect(demoImages).toEqual(DEMO_PROJECTS.filter((p) => !edits[p.title]).map((p) => p.file));
        // Demo pictures of the projects he edited stay his with them; his own uploads are never demo.
        expect(
          db.prepare("select count(*) from images where demo = 1 and stored_name like 'own-%'").pluck().get(),
        ).toBe(0);

        const demoReviews = db.prepare("select name from testimonials where demo = 1 order by id").pluck().all();
        expect(demoReviews).toEqual(DEMO_TESTIMONIALS.filter((_, i) => i !== 1).map((t) => t.name));
      },
    );
  });

  it("changes nothing on a site without demo content", async () => {
    await fromShapeBefore(
      "0016_mark_seeded_demo_rows",
      (db) => {
        db.prepare(
          "insert into images (stored_name, original_name, content_type, bytes) values ('a.webp', 'a.webp', 'image/webp', 1)",
        ).run();
        db.prepare(
          "insert into projects (title, category, description, image_id) values ('Mine', 'framing', 'Mine.', 1)",
        ).run();
        db.prepare("insert into testimonials (name, quote) values ('Me', 'Good.')").run();
      },
      (db) => {
        for (const table of ["images", "projects", "testimonials"])
          expect(db.prepare(`select count(*) from ${table} where demo = 1`).pluck().get()).toBe(0);
      },
    );
  });
});
