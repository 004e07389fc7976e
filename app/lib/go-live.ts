import { href } from "react-router";
import { addressLine, DEFAULT_BUSINESS_FACTS, type BusinessFacts } from "./business";
import { z } from "./zod";

// The go-live checklist (decision 0043): what is still demo or missing before
// the owner shows the site to the world, worked out from facts the server gathers
// (services/go-live.server.ts). Pure, so each rule is tested beside it.

/** Everything the checklist is decided from. */
export type GoLiveFacts = {
  demo: { projects: number; testimonials: number; images: number };
  business: BusinessFacts;
  /** Where the contact settings mail new leads. */
  notificationEmail: string;
  placeholderVideo: boolean;
  ownHeroPhoto: boolean;
  siteUrl: string | null;
  mail: { apiKey: boolean; from: string };
  /** The owners' accounts (not removed): how each signs in. */
  owners: readonly { email: string; name: string; twoStep: boolean }[];
  /** Whether the Pricing page holds prices other than the built-in ones. */
  ownPrices: boolean;
  /** Items the owner marked "This is right" as they stand (stored in settings). */
  confirmed: readonly string[];
};

/** Where an item is fixed: an admin page, or a server setting the README explains. */
export type GoLiveFix = { page: string } | { readme: string; variable: string };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export type GoLiveItem = {
  id: string;
  label: string;
  detail: string;
  fix: GoLiveFix;
  done: boolean;
  /**
   * Whether the owner may mark the item "This is right" as it stands: a real business may
   * share the demo's name or like the built-in prices. Never for what cannot be right (a
   * fictional phone number, an address no mail reaches, demo content, server settings).
   */
  confirmable: boolean;
  /** Marked "This is right" while still as the site shipped it: done, and may be taken back. */
  confirmed: boolean;
};

type Draft = Omit<GoLiveItem, "confirmable" | "confirmed"> & { confirmable?: boolean };

/** What removing the demo content would delete, in words ("9 made-up projects"); empty when nothing demo is left. */
export function demoLeft(facts: Pick<GoLiveFacts, "demo">): string[] {
  const { projects, testimonials, images } = facts.demo;
  return [
    projects > 0 ? count(projects, "made-up project", "made-up projects") : null,
    testimonials > 0 ? count(testimonials, "made-up review", "made-up reviews") : null,
    images > 0 ? count(images, "stock picture", "stock pictures") : null,
  ].filter((line) => line !== null);
}

/** The README section that tells how to set the server's settings. */
export const README_SECTION = "Before you go live";

// Resend's test sender: it delivers only to the address of the Resend account itself.
const TEST_SENDER = /@resend\.dev>?\s*$/i;

// The 555-0100 to 555-0199 numbers are reserved for fiction: no homeowner can call them.
const FICTIONAL_PHONE = /555\D?01\d\d\b/;
// Domains reserved for examples (RFC 2606): mail sent there reaches nobody.
const EXAMPLE_EMAIL = /@(?:[\w-]+\.)*example\.(?:com|net|org)$/i;

export const isDemoPhone = (phone: string) => phone === DEFAULT_BUSINESS_FACTS.phone || FICTIONAL_PHONE.test(phone);
export const isDemoEmail = (email: string) =>
  email.trim().toLowerCase() === DEFAULT_BUSINESS_FACTS.email || EXAMPLE_EMAIL.test(email.trim());

function demoItems({ demo }: GoLiveFacts): Draft[] {
  return [
    {
      id: "demo-projects",
      label: "Remove the demo projects",
      detail:
        demo.projects === 0
          ? "No demo project is left."
          : `${count(demo.projects, "made-up project shows", "made-up projects show")} in the portfolio.`,
      fix: { page: href("/admin/projects") },
      done: demo.projects === 0,
    },
    {
      id: "demo-testimonials",
      label: "Remove the demo reviews",
      detail:
        demo.testimonials === 0
          ? "No demo review is left."
          : `${count(demo.testimonials, "made-up review is", "made-up reviews are")} on the site. Reviews nobody wrote must not go live.`,
      fix: { page: href("/admin/testimonials") },
      done: demo.testimonials === 0,
    },
    {
      id: "demo-images",
      label: "Remove the demo pictures",
      detail:
        demo.images === 0
          ? "No demo picture is left."
          : `${count(demo.images, "stock picture is", "stock pictures are")} in the image library.`,
      fix: { page: href("/admin/images") },
      done: demo.images === 0,
    },
  ];
}

/** The business facts still as the site shipped them, one item per fact. */
function factItems({ business, notificationEmail }: GoLiveFacts): Draft[] {
  const d = DEFAULT_BUSINESS_FACTS;
  const contact = { page: href("/admin/contact") };
  // A fictional phone number or an example address reaches nobody: only real-looking facts may be confirmed.
  const fact = (id: string, label: string, demo: boolean, value: string, confirmable: boolean): Draft => ({
    id,
    label,
    detail: demo ? `Still the demo's: ${value}.` : `Yours: ${value}.`,
    fix: contact,
    done: !demo,
    confirmable,
  });
  return [
    fact("company", "Your company name", business.company === d.company, business.company, true),
    fact("phone", "Your phone number", isDemoPhone(business.phone), business.phone, false),
    fact("email", "Your email address", isDemoEmail(business.email), business.email, false),
    fact(
      "address",
      "Your address",
      business.street === d.street && business.city === d.city && business.postalCode === d.postalCode,
      addressLine(business),
      true,
    ),
    fact("owner", "The owner's name", business.owner === d.owner, business.owner, true),
    fact(
      "lead-contractor",
      "The lead contractor's name",
      business.leadContractor === d.leadContractor,
      business.leadContractor,
      true,
    ),
    {
      id: "notification-email",
      label: "Where new leads are mailed",
      detail: isDemoEmail(notificationEmail)
        ? `New leads are mailed to ${notificationEmail}, which reaches nobody.`
        : `New leads are mailed to ${notificationEmail}.`,
      fix: contact,
      done: !isDemoEmail(notificationEmail),
    },
  ];
}

function mediaItems(facts: GoLiveFacts): Draft[] {
  const pictures = { page: href("/admin/site/pictures") };
  return [
    {
      id: "hero-photo",
      label: "A photo of your own at the top of the home page",
      detail: facts.ownHeroPhoto
        ? "The home page opens with your photo."
        : "The home page still opens with the built-in drawing.",
      fix: pictures,
      done: facts.ownHeroPhoto,
      // The built-in drawing may be what the owner wants.
      confirmable: true,
    },
    {
      id: "video",
      label: "Your Bright Green video",
      detail: facts.placeholderVideo
        ? "The “How it works” video is still a placeholder from YouTube."
        : "The “How it works” video is yours.",
      fix: pictures,
      done: !facts.placeholderVideo,
    },
  ];
}

function serverItems({ siteUrl, mail }: GoLiveFacts): Draft[] {
  const mailReady = mail.apiKey && !TEST_SENDER.test(mail.from);
  return [
    {
      id: "site-url",
      label: "The site's address (SITE_URL)",
      detail: siteUrl
        ? `Links, the sitemap and mails use ${siteUrl}.`
        : "Not set: search engines and mails get no address of your site, and forms behind a proxy may be refused.",
      fix: { readme: README_SECTION, variable: "SITE_URL" },
      done: siteUrl !== null,
    },
    {
      id: "mail",
      label: "Mail is set up (RESEND_API_KEY and MAIL_FROM)",
      detail: !mail.apiKey
        ? "No mail leaves the site: lead notices, replies, proposals and review requests are kept but not sent."
        : mailReady
          ? `Mail is sent from ${mail.from}.`
          : `Mail is sent from Resend's test address (${mail.from}), which only reaches your own Resend account: set MAIL_FROM to an address on your domain.`,
      fix: { readme: README_SECTION, variable: mail.apiKey ? "MAIL_FROM" : "RESEND_API_KEY" },
      done: mailReady,
    },
  ];
}

const listed = (people: readonly { email: string; name: string }[]) => people.map((p) => p.name || p.email).join(", ");

/** The owners' own accounts and the prices estimates are made from. */
function accountItems({ owners, ownPrices }: GoLiveFacts): Draft[] {
  const account = { page: href("/admin/account") };
  const demoEmail = owners.filter((o) => isDemoEmail(o.email));
  const unnamed = owners.filter((o) => o.name.trim() === "");
  const withoutTwoStep = owners.filter((o) => !o.twoStep);
  return [
    {
      id: "sign-in-email",
      label: "Your sign-in email",
      detail:
        demoEmail.length === 0
          ? "You sign in with an address of your own: a password reset link can reach you."
          : `${listed(demoEmail)} signs in with an address that reaches nobody: a forgotten password could never be reset by mail.`,
      fix: account,
      done: demoEmail.length === 0,
    },
    {
      id: "account-name",
      label: "Your name",
      detail:
        unnamed.length === 0
          ? `Invitations and lists name you: ${listed(owners)}.`
          : `${unnamed.map((o) => o.email).join(", ")} has no name: invitations and lists show the email instead.`,
      fix: account,
      done: unnamed.length === 0,
    },
    {
      id: "two-step",
      label: "Two-step sign-in",
      detail:
        withoutTwoStep.length === 0
          ? "Signing in asks for a code from your phone after the password."
          : `${listed(withoutTwoStep)} signs in with the password alone: a code from your phone keeps a guessed or stolen password out.`,
      fix: { page: href("/admin/account/two-step") },
      done: withoutTwoStep.length === 0,
      // Optional by design: the owner may choose the password alone.
      confirmable: true,
    },
    {
      id: "pricing",
      label: "Your prices",
      detail: ownPrices
        ? "Estimates are made from your prices."
        : "Estimates are still made from the built-in prices, not yours.",
      fix: { page: href("/admin/pricing") },
      done: ownPrices,
      confirmable: true,
    },
  ];
}

/** The whole checklist, in the order the owner works through it. */
export function goLiveChecklist(facts: GoLiveFacts): GoLiveItem[] {
  const drafts = [
    ...demoItems(facts),
    ...factItems(facts),
    ...accountItems(facts),
    ...mediaItems(facts),
    ...serverItems(facts),
  ];
  return drafts.map(({ confirmable = false, ...item }) => {
    const confirmed = confirmable && !item.done && facts.confirmed.includes(item.id);
    return { ...item, done: item.done || confirmed, confirmable, confirmed };
  });
}

/** The items the owner may mark "This is right" (the go-live page's form checks an id against it). */
export const confirmableItemIds = (items: readonly GoLiveItem[]) => items.filter((i) => i.confirmable).map((i) => i.id);

/** The settings group of the items marked "This is right". */
export const GoLiveConfirmationsSchema = z.object({ confirmed: z.array(z.string().max(40)).max(50) });
export type GoLiveConfirmations = z.infer<typeof GoLiveConfirmationsSchema>;

/** The go-live page's two small forms: mark an item "This is right", or take that back. */
export const GO_LIVE_INTENTS = {
  removeDemo: "remove-demo",
  confirm: "confirm-item",
  unconfirm: "unconfirm-item",
} as const;
export const GoLiveItemSchema = z.object({ item: z.string().regex(/^[a-z-]{1,40}$/) });

/** How many items are still to do: the admin's banner shows until this is 0. */
export const remainingItems = (items: readonly GoLiveItem[]) => items.filter((i) => !i.done).length;

/** Every library picture a settings value points at (any `imageId` in it, however deep). */
export function imageIdsIn(value: unknown): number[] {
  const ids = new Set<number>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [key, inner] of Object.entries(v)) {
        if (key === "imageId" && typeof inner === "number" && Number.isInteger(inner)) ids.add(inner);
        else walk(inner);
      }
  };
  walk(value);
  return [...ids].sort((a, b) => a - b);
}

/** The message after removing the demo content: what went, and what stayed because it is in use. */
export function demoRemovedMessage(removed: {
  projects: number;
  testimonials: number;
  images: number;
  keptImages: number;
}): string {
  if (removed.projects + removed.testimonials + removed.images + removed.keptImages === 0)
    return "There was no demo content left to remove.";
  const gone = [
    count(removed.projects, "project", "projects"),
    count(removed.testimonials, "review", "reviews"),
    count(removed.images, "picture", "pictures"),
  ];
  const kept =
    removed.keptImages > 0
      ? ` ${count(removed.keptImages, "demo picture your pages show was", "demo pictures your pages show were")} kept.`
      : "";
  return `Demo content removed: ${gone.slice(0, -1).join(", ")} and ${gone.at(-1)}.${kept}`;
}
