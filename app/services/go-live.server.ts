import { isDeepStrictEqual } from "node:util";
import {
  confirmableItemIds,
  demoLeft,
  demoRemovedMessage,
  goLiveChecklist,
  imageIdsIn,
  remainingItems,
  type GoLiveFacts,
  type GoLiveItem,
} from "~/lib/go-live";
import { DEFAULT_PRICING } from "~/lib/pricing";
import { isPlaceholderVideo } from "~/lib/site-media";
import { hasOwnHomeHero } from "~/services/site-pictures.server";
import { countDemoImages, countRemovableDemoImages, deleteDemoImages } from "~/models/image.server";
import { countDemoProjects, deleteDemoProjects } from "~/models/project.server";
import { changeSetting, getBusinessFacts, getSetting } from "~/models/settings.server";
import { listMembers } from "~/models/user.server";
import { countDemoTestimonials, deleteDemoTestimonials } from "~/models/testimonial.server";
import { inTransaction } from "~/server/db.server";
import { env } from "~/server/env.server";
import { removeImageFiles } from "~/server/image-files.server";
import { mailIsSetUp } from "~/server/mail.server";
import { invalidatePublicPages } from "~/server/page-cache.server";

// The go-live checklist and "Remove the demo content" (decision 0043).

/** Library pictures the owner's page settings show (home hero, service cards, About, video, team). */
function picturesInSettings(): number[] {
  return imageIdsIn([getSetting("media"), getSetting("words")]);
}

// Only the seed makes demo rows, once, at start-up on an empty database: once none is
// left, none comes back while this process runs, and the banner stops counting them.
let demoGone = false;

function demoCounts(): GoLiveFacts["demo"] {
  if (demoGone) return { projects: 0, testimonials: 0, images: 0 };
  const counts = { projects: countDemoProjects(), testimonials: countDemoTestimonials(), images: 0 };
  const marked = countDemoImages();
  if (marked > 0) counts.images = countRemovableDemoImages(picturesInSettings());
  if (counts.projects === 0 && counts.testimonials === 0 && marked === 0) demoGone = true;
  return counts;
}

/** The seed calls this when it has written demo rows (a fresh database in the same process: tests). */
export function forgetDemoGone() {
  demoGone = false;
}

function goLiveFacts(): GoLiveFacts {
  const media = getSetting("media");
  return {
    demo: demoCounts(),
    business: getBusinessFacts(),
    notificationEmail: getSetting("contact").notificationEmail,
    placeholderVideo: isPlaceholderVideo(media),
    // A chosen photo deleted since shows the drawing again: not done.
    ownHeroPhoto: hasOwnHomeHero(media),
    siteUrl: env.SITE_URL ?? null,
    mail: { apiKey: mailIsSetUp(), from: env.MAIL_FROM },
    owners: listMembers()
      .filter((u) => u.role === "owner")
      .map((u) => ({ email: u.email, name: u.name, twoStep: u.totpEnabledAt !== null })),
    ownPrices: !isDeepStrictEqual(getSetting("pricing"), DEFAULT_PRICING),
    confirmed: getSetting("goLive").confirmed,
  };
}

/**
 * Marks an item "This is right" as it stands, or takes that back. False when the item is
 * not one that may be confirmed (an id of the page's own list, checked on the server).
 */
export function setGoLiveConfirmed(item: string, confirmed: boolean, by: number): boolean {
  if (!confirmableItemIds(goLiveItems()).includes(item)) return false;
  changeSetting(
    "goLive",
    (current) => {
      const others = current.confirmed.filter((id) => id !== item);
      return { confirmed: confirmed ? [...others, item] : others };
    },
    by,
  );
  return true;
}

/** The checklist as the go-live page and the dashboard show it. */
export function goLiveItems(): GoLiveItem[] {
  return goLiveChecklist(goLiveFacts());
}

/** The go-live page: the checklist, and what removing the demo content would delete ("9 made-up projects"…). */
export function goLiveOverview(): { items: GoLiveItem[]; demoLeft: string[] } {
  const facts = goLiveFacts();
  return { items: goLiveChecklist(facts), demoLeft: demoLeft(facts) };
}

/**
 * How many checklist items are still to do, for the admin's banner on every admin page:
 * a few settings rows read by key and, until the demo content is gone, three counts.
 */
export function goLiveRemaining(): number {
  return remainingItems(goLiveItems());
}

export type DemoRemoval = { projects: number; testimonials: number; images: number; keptImages: number };

/**
 * Deletes every demo project, review and picture in one transaction, never a row the owner
 * made or took over; a demo picture his own project or page settings show is kept and
 * becomes his. Picture files go only after the commit (a failure leaves rows and files
 * as they were). Public pages are rendered afresh.
 */
export function removeDemoContent(): DemoRemoval & { message: string } {
  const { removed, files } = inTransaction(() => {
    const projects = deleteDemoProjects();
    const testimonials = deleteDemoTestimonials();
    const images = deleteDemoImages(picturesInSettings());
    return {
      removed: { projects, testimonials, images: images.deleted.length, keptImages: images.kept },
      files: images.deleted,
    };
  });
  removeImageFiles(...files);
  invalidatePublicPages();
  demoGone = true;
  return { ...removed, message: demoRemovedMessage(removed) };
}
