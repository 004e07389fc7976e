import { Play } from "lucide-react";
import type { ProjectCard } from "~/models/project.server";

const CATEGORY_LABEL = { framing: "Framing", roofing: "Roofing", "bright-green": "Bright Green" } as const;

export function ProjectGrid({ projects }: { projects: ProjectCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p) => (
        <li key={p.id} className="overflow-hidden rounded-xl border border-black/5 bg-white shadow-sm">
          <div className="relative aspect-[4/3] bg-sand">
            {p.image && (
              <img
                src={p.image.url}
                alt={p.altText}
                width={p.image.width ?? undefined}
                height={p.image.height ?? undefined}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
            )}
            {p.mediaType === "video" && (
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white">
                  <Play aria-label="Video" className="size-7" />
                </span>
              </span>
            )}
          </div>
          <div className="p-5">
            <p className="text-xs font-semibold tracking-wider text-brand uppercase">{CATEGORY_LABEL[p.category]}</p>
            <h3 className="mt-1 font-semibold">{p.title}</h3>
            <p className="mt-2 line-clamp-3 text-sm text-ink-soft">{p.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
