import { EDITABLE_PAGES, defaultPageWords } from "~/content/page-words";
import type { SitePicture } from "~/lib/site-media";
import { storyParagraphs, type PageId, type PageWords, type TeamMember, type TrustFacts } from "~/lib/site-words";
import { getImage } from "~/models/image.server";
import { changeSetting, getSetting, setSetting } from "~/models/settings.server";
import { pictureOf } from "./site-pictures.server";

// The owner's words and trust facts as the public pages and the admin read
// them. Saving goes through setSetting, which empties the page cache: the next visitor
// sees the change.

/** A page's hero headline and intro: the owner's where he wrote them, else the page's own copy. */
export function pageWords(pageId: PageId): PageWords {
  const own = getSetting("words").pages[pageId];
  const defaults = defaultPageWords(pageId);
  return { headline: own?.headline.trim() || defaults.headline, intro: own?.intro.trim() || defaults.intro };
}

export function getTrustFacts(): TrustFacts {
  return getSetting("trust");
}

/** A person on the About page; the photo is null when none was chosen (or it was deleted since). */
export type TeamCard = { name: string; role: string; bio: string; photo: SitePicture | null };

/** The About page's story (paragraphs; none when the owner wrote none) and people. */
export function aboutPage(): { story: string[]; team: TeamCard[] } {
  const words = getSetting("words");
  return {
    story: storyParagraphs(words.aboutStory),
    team: words.team.map((m) => ({
      name: m.name,
      role: m.role,
      bio: m.bio,
      photo: pictureOf(m.imageId, m.alt.trim() || m.name),
    })),
  };
}

/** Everything the admin's Words & Facts screen shows, for the page chosen in its list. */
export function wordsAdminView(pageId: PageId) {
  const words = getSetting("words");
  return {
    pages: EDITABLE_PAGES.map((p) => ({
      id: p.id,
      label: p.label,
      changed: !!(words.pages[p.id]?.headline || words.pages[p.id]?.intro),
    })),
    page: { id: pageId, own: words.pages[pageId] ?? { headline: "", intro: "" }, defaults: defaultPageWords(pageId) },
    story: words.aboutStory,
    team: words.team,
    trust: getSetting("trust"),
  };
}

/** `by`, here and below: the account saving (settings name who changed them). */
export function savePageWords(pageId: PageId, own: PageWords, by?: number) {
  changeSetting(
    "words",
    (words) => {
      const pages = { ...words.pages };
      // Both empty: the page is back on its own copy, and the stored group stays small.
      if (own.headline || own.intro) pages[pageId] = own;
      else delete pages[pageId];
      return { ...words, pages };
    },
    by,
  );
}

/**
 * Stores the About story and team. A photo that is not (or no longer) a library picture is
 * refused by its row's index, so the form can say which person's photo to pick again.
 */
export function saveAbout(story: string, team: TeamMember[], by?: number): { missingPhoto: number } | null {
  const missing = team.findIndex((m) => m.imageId !== null && getImage(m.imageId)?.purpose !== "library");
  if (missing >= 0) return { missingPhoto: missing };
  changeSetting("words", (words) => ({ ...words, aboutStory: story, team }), by);
  return null;
}

export function saveTrustFacts(trust: TrustFacts, by?: number) {
  setSetting("trust", trust, by);
}
