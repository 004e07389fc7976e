import fs from "node:fs";
import path from "node:path";
import { inTransaction } from "~/server/db.server";
import { DEMO_PROJECTS, DEMO_TESTIMONIALS } from "~/content/demo-content";
import { countAllImages, insertImage } from "~/models/image.server";
import { countProjects, insertProject } from "~/models/project.server";
import { countSettings, setSetting } from "~/models/settings.server";
import { countTestimonials, insertTestimonial } from "~/models/testimonial.server";
import { DEFAULT_BUSINESS_FACTS } from "~/lib/business";
import { defaultContactSettings } from "~/lib/contact-settings";
import { paths } from "~/server/env.server";
import { forgetDemoGone } from "~/services/go-live.server";
import { cleanImage } from "~/server/image-clean.server";
import { removeImageFiles, saveImageFiles, type ImageFile } from "~/server/image-files.server";

function isEmpty(): boolean {
  return countProjects() === 0 && countTestimonials() === 0 && countAllImages() === 0 && countSettings() === 0;
}

/**
 * Fills an empty database with demo content, every row marked demo (decision 0043). A
 * database that already holds anything (even one settings row) is left alone, so the
 * owner's own content is never touched and demo content he removed never comes back.
 */
export async function seedDemoContent(): Promise<{ seeded: boolean }> {
  if (!isEmpty()) return { seeded: false };
  const files: ImageFile[] = [];
  try {
    // One at a time: side by side they were barely faster and left the process holding
    // 50 MB more for good.
    for (const p of DEMO_PROJECTS) {
      const image = await cleanImage(fs.readFileSync(path.join(paths.seedImages, p.file)));
      if (!image) throw new Error(`Demo picture ${p.file} is not a valid image`);
      files.push(await saveImageFiles(image, p.file, "library"));
    }
    inTransaction(() => {
      // Oldest first, so "newest first" lists keep the order written here.
      const base = Date.now() - DEMO_PROJECTS.length * 86_400_000;
      DEMO_PROJECTS.forEach((p, i) => {
        const createdAt = new Date(base + (DEMO_PROJECTS.length - i) * 86_400_000);
        const image = insertImage({ ...files[i], alt: p.alt, createdAt, demo: true });
        insertProject({
          title: p.title,
          category: p.category,
          description: p.description,
          mediaType: p.videoUrl ? "video" : "image",
          imageId: image.id,
          videoUrl: p.videoUrl ?? null,
          altText: p.alt,
          featured: p.featured ?? false,
          sortOrder: i,
          demo: true,
          createdAt,
          updatedAt: createdAt,
        });
      });
      DEMO_TESTIMONIALS.forEach((t, i) => {
        const createdAt = new Date(base + (DEMO_TESTIMONIALS.length - i) * 86_400_000);
        insertTestimonial({ ...t, rating: t.rating ?? 5, demo: true, createdAt, updatedAt: createdAt });
      });
      const facts = DEFAULT_BUSINESS_FACTS;
      setSetting("business", facts);
      setSetting("contact", defaultContactSettings(facts.company, facts.email));
    });
    forgetDemoGone();
    return { seeded: true };
  } catch (error) {
    removeImageFiles(...files);
    throw error;
  }
}
