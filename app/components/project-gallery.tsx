import { Loader2 } from "lucide-react";
import { Icon } from "~/components/icon";
import { ProjectImage } from "~/components/project-image";
import { useEffect, useRef, useState } from "react";
import { href, Link } from "react-router";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";
import {
  CAROUSEL_SCROLL_PX,
  CAROUSEL_TITLES,
  EMPTY_CATEGORY_TEXT,
  galleryOrder,
  neighbors,
  PORTFOLIO_TABS,
  projectPath,
  type PortfolioTab,
} from "~/lib/portfolio";
import { parseVideoUrl } from "~/lib/video";
import type { GalleryCard, ProjectDescription } from "~/lib/portfolio";

/**
 * The portfolio: tabs are links (they work without scripts), each category a horizontal
 * carousel, each item a link to the project's own page that opens a dialog when scripts
 * run; the dialog steps through the projects shown (buttons and arrow keys).
 */
export function ProjectGallery({
  projects,
  tab,
  tabHref,
  headingLevel = 3,
  leadsPage = false,
}: {
  projects: GalleryCard[];
  tab: PortfolioTab;
  tabHref: (tab: PortfolioTab) => string;
  headingLevel?: 2 | 3;
  /** The gallery is what the page opens with (the portfolio): its first pictures load at once. */
  leadsPage?: boolean;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const categories = tab === "all" ? PROJECT_CATEGORIES : [tab];
  const shown = galleryOrder(projects, tab);
  const open = shown.find((p) => p.id === openId) ?? null;
  const setOpen = (p: GalleryCard | null) => setOpenId(p?.id ?? null);
  const Heading = `h${headingLevel}` as const;

  return (
    <div>
      <nav aria-label="Portfolio categories">
        <ul className="flex flex-wrap gap-2">
          {PORTFOLIO_TABS.map((t) => (
            <li key={t.value}>
              <Link
                to={tabHref(t.value)}
                preventScrollReset
                replace
                aria-current={t.value === tab ? "page" : undefined}
                className={`block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition ${
                  t.value === tab ? "bg-ink text-white" : "bg-white text-ink shadow-sm hover:bg-brand-soft"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 space-y-10">
        {categories.map((category) => {
          const items = projects.filter((p) => p.category === category);
          const first = leadsPage && category === categories.find((c) => projects.some((p) => p.category === c));
          if (items.length === 0) {
            return tab === "all" ? null : (
              <p key={category} className="rounded-xl bg-white p-8 text-center text-ink-soft shadow-sm">
                {EMPTY_CATEGORY_TEXT[category]}
              </p>
            );
          }
          return (
            <section key={category} aria-labelledby={`carousel-${category}`}>
              <Heading id={`carousel-${category}`} className="text-xl font-bold">
                {CAROUSEL_TITLES[category]}
              </Heading>
              <Carousel
                label={CAROUSEL_TITLES[category]}
                items={items}
                onOpen={setOpen}
                eager={first ? EAGER_TILES : 0}
              />
            </section>
          );
        })}
      </div>
      <ProjectDialog
        project={open}
        {...(open ? neighbors(shown, open.id) : { previous: null, next: null })}
        position={open ? { at: shown.indexOf(open) + 1, of: shown.length } : null}
        onShow={setOpen}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

// The first tile is the page's largest picture and loads with the page, first. The rest,
// even the three more a desktop shows, wait for layout: on a phone they would share its
// slow connection with that first picture, and layout comes a moment later anyway.
const EAGER_TILES = 1;

function Carousel({
  label,
  items,
  onOpen,
  eager,
}: {
  label: string;
  items: GalleryCard[];
  onOpen: (p: GalleryCard) => void;
  /** How many tiles from the start load at once. */
  eager: number;
}) {
  const track = useRef<HTMLUListElement>(null);
  return (
    <div className="relative mt-4">
      <ul
        ref={track}
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4"
        aria-label={label}
        data-testid="carousel-track"
      >
        {items.map((p, i) => (
          <li key={p.id} className="shrink-0 snap-start">
            <ProjectTile project={p} onOpen={onOpen} loading={i < eager ? (i === 0 ? "first" : "eager") : "lazy"} />
          </li>
        ))}
      </ul>
      {items.length > 1 && <CarouselButtons label={label} track={track} count={items.length} />}
    </div>
  );
}

/**
 * The buttons need scripts, and show only while the track has tiles out of sight (on a
 * wide screen a short carousel shows them all); without scripts the track still scrolls
 * natively. They are in the server's markup, hidden, so that the page's inlined CSS (which
 * holds only the classes its markup uses) styles them: rendered by the browser alone they
 * sat unstyled until the visitor's first tap brought the whole stylesheet, which moved
 * them from under the finger, and the tap was lost. Their own component, so that showing
 * them renders two buttons again, not every tile of the carousel.
 */
function CarouselButtons({
  label,
  track,
  count,
}: {
  label: string;
  track: React.RefObject<HTMLUListElement | null>;
  count: number;
}) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const list = track.current;
    if (!list) return;
    const measure = () => setOverflows(list.scrollWidth > list.clientWidth);
    // A browser without ResizeObserver measures once, after layout.
    if (typeof ResizeObserver === "undefined") {
      const frame = requestAnimationFrame(measure);
      return () => cancelAnimationFrame(frame);
    }
    // Called after layout, when the track is measured anyway: it reads no stale layout.
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [track, count]);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_PX, behavior: "smooth" });
  return (
    <div className="mt-1 flex justify-end gap-2" hidden={!overflows}>
      <button
        type="button"
        onClick={() => scroll(-1)}
        aria-label={`Scroll ${label} left`}
        className="flex size-10 items-center justify-center rounded-full bg-white shadow hover:bg-brand-soft"
      >
        <Icon name="chevron-left" className="size-5" />
      </button>
      <button
        type="button"
        onClick={() => scroll(1)}
        aria-label={`Scroll ${label} right`}
        className="flex size-10 items-center justify-center rounded-full bg-white shadow hover:bg-brand-soft"
      >
        <Icon name="chevron-right" className="size-5" />
      </button>
    </div>
  );
}

function ProjectTile({
  project,
  onOpen,
  loading,
}: {
  project: GalleryCard;
  onOpen: (p: GalleryCard) => void;
  loading: "first" | "eager" | "lazy";
}) {
  const video = project.mediaType === "video" ? parseVideoUrl(project.videoUrl) : null;
  return (
    <a
      href={projectPath(project.id)}
      onClick={(event) => {
        // A new tab or window (modifier keys, middle button) gets the project's page.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(project);
      }}
      className="group relative block h-56 w-72 overflow-hidden rounded-xl bg-ink shadow-md"
    >
      <ProjectImage
        project={project}
        sizes="18rem"
        loading={loading}
        className="size-full object-cover transition duration-300 group-hover:scale-105"
      />
      {video && (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white">
            <Icon name="play" className="ml-1 size-7 fill-current" />
          </span>
        </span>
      )}
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent p-3 pt-10 text-left text-sm font-semibold text-white">
        {video && <span className="sr-only">Video: </span>}
        {project.title}
      </span>
    </a>
  );
}

function ProjectDialog({
  project,
  previous,
  next,
  position,
  onShow,
  onClose,
}: {
  project: GalleryCard | null;
  previous: GalleryCard | null;
  next: GalleryCard | null;
  position: { at: number; of: number } | null;
  onShow: (p: GalleryCard) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (project && !el.open) el.showModal();
    if (!project && el.open) el.close();
  }, [project]);

  // On the document, not the dialog: a step button that becomes disabled at either end
  // drops the focus to the page's body.
  useEffect(() => {
    if (!project) return;
    const onKey = (event: KeyboardEvent) => {
      const to = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
      if (!to || event.defaultPrevented) return;
      event.preventDefault();
      onShow(to);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [project, previous, next, onShow]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, not its content) closes it.
        if (event.target === dialog.current) dialog.current.close();
      }}
      aria-labelledby="project-dialog-title"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(64rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-ink p-0 text-white shadow-2xl backdrop:bg-black/80"
    >
      {project && (
        <div>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <h2 id="project-dialog-title" className="font-semibold">
              {project.title}
            </h2>
            <div className="flex shrink-0 items-center gap-1">
              {position && position.of > 1 && (
                <span className="mr-2 text-sm text-white/70">
                  {position.at} of {position.of}
                </span>
              )}
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="flex size-9 items-center justify-center rounded-full hover:bg-white/10"
                aria-label="Close"
                autoFocus
              >
                <Icon name="x" className="size-5" />
              </button>
            </div>
          </div>
          <DialogMedia key={project.id} project={project} />
          <div className="flex items-start gap-3 px-4 py-3">
            <Description key={project.id} project={project} />
            <div className="flex shrink-0 gap-2">
              <StepButton to={previous} label="Previous project" icon="chevron-left" onShow={onShow} />
              <StepButton to={next} label="Next project" icon="chevron-right" onShow={onShow} />
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * The project's description, asked for when the dialog shows it (lists leave descriptions
 * out of the page); with a link to the project's page, which can be shared. Keyed by
 * project, so a step to the next one never shows the last one's text.
 */
function Description({ project }: { project: GalleryCard }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const request = new AbortController();
    fetch(href("/portfolio/:id/description", { id: String(project.id) }), { signal: request.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ProjectDescription>) : null))
      .then((found) => setText(found?.description ?? null))
      // Offline or closed: the dialog still links to the page, which has the description.
      .catch(() => setText(null));
    return () => request.abort();
  }, [project.id]);
  return (
    <div className="min-h-10 flex-1 text-sm text-white/80">
      {text && <p>{text}</p>}
      <Link
        to={projectPath(project.id)}
        className="mt-1 inline-block font-semibold text-white underline-offset-2 hover:underline"
      >
        Open the project page
      </Link>
    </div>
  );
}

function StepButton({
  to,
  label,
  icon,
  onShow,
}: {
  to: GalleryCard | null;
  label: string;
  icon: "chevron-left" | "chevron-right";
  onShow: (p: GalleryCard) => void;
}) {
  return (
    <button
      type="button"
      disabled={!to}
      onClick={() => to && onShow(to)}
      aria-label={label}
      title={to ? `${label}: ${to.title}` : undefined}
      className="flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 disabled:opacity-30"
    >
      <Icon name={icon} className="size-5" />
    </button>
  );
}

/** Keyed by project, so each opening starts with the spinner. */
function DialogMedia({ project }: { project: GalleryCard }) {
  const [loaded, setLoaded] = useState(false);
  const video = project.mediaType === "video" ? parseVideoUrl(project.videoUrl) : null;
  return (
    <div className="relative flex aspect-video items-center justify-center bg-black">
      {!loaded && (
        <Loader2 aria-label="Loading" role="status" className="absolute size-10 animate-spin text-white/70" />
      )}
      {video ? (
        <iframe
          src={video.embedUrl}
          title={project.title}
          onLoad={() => setLoaded(true)}
          className="size-full"
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      ) : (
        project.image && (
          <img
            src={project.image.url}
            srcSet={project.image.srcSet}
            sizes="min(64rem, 100vw)"
            alt={project.altText}
            onLoad={() => setLoaded(true)}
            ref={(img) => {
              // A cached image may finish before React attaches onLoad.
              if (img?.complete && img.naturalWidth > 0) setLoaded(true);
            }}
            className="max-h-full max-w-full object-contain"
          />
        )
      )}
    </div>
  );
}
