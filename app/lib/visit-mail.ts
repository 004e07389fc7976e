/**
 * The homeowner's mails about a visit: booked, tomorrow, moved, canceled. Plain
 * text and a small HTML copy; the time in Kansas words; the link to the homeowner's job
 * page in each. The calendar file goes with them (services/visit-calendar.server.ts).
 */
import { VISIT_KIND_LABELS, type VisitKind } from "./visit-kinds";
import { formatVisitTime } from "./visit-time";
import { formatShortDay, kansasDay, formatKansasTime } from "./business-time";

export type VisitMailKind = "confirmation" | "reminder" | "moved" | "updated" | "cancelled";

export type VisitMailFacts = {
  kind: VisitKind;
  startsAt: Date;
  durationMinutes: number;
  /** Who comes, by name; null when nobody is named yet. */
  who: string | null;
  homeowner: string;
  address: string | null;
  company: string;
  phone: string;
  /** The homeowner's job page. */
  jobPageLink: string;
  /** A move: when it was to be before. */
  was?: Date;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Estimate visit" as words in a sentence: "estimate visit". */
const kindWords = (kind: VisitKind) => VISIT_KIND_LABELS[kind].toLowerCase();

/** Every time a visit mail gives in its text: "Monday, November 2, 2026 at 9:00 AM (Kansas time)". */
const kansasWhen = (at: Date) => `${formatVisitTime(at)} (Kansas time)`;

const shortWhen = (at: Date) => `${formatShortDay(kansasDay(at))} at ${formatKansasTime(at)}`;

function howLong(minutes: number): string {
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = minutes / 60;
  return `about ${hours} hour${hours === 1 ? "" : "s"}`;
}

export function visitMail(mail: VisitMailKind, facts: VisitMailFacts): { subject: string; text: string; html: string } {
  const what = kindWords(facts.kind);
  const when = kansasWhen(facts.startsAt);
  const where = facts.address ? ` at ${facts.address}` : "";
  const who = facts.who
    ? `${facts.who} from ${facts.company} will be there.`
    : `Someone from ${facts.company} will be there.`;
  const lasts = `It takes ${howLong(facts.durationMinutes)}.`;
  const calendar = "The attached invitation puts it in your calendar.";
  const [subject, lines]: [string, string[]] = (() => {
    switch (mail) {
      case "confirmation":
        return [
          `Your ${what} with ${facts.company}: ${shortWhen(facts.startsAt)}`,
          [`Your ${what} is booked for ${when}${where}.`, `${who} ${lasts}`, calendar],
        ];
      case "reminder":
        return [
          `Tomorrow: your ${what} with ${facts.company} at ${formatKansasTime(facts.startsAt)}`,
          [`A reminder: your ${what} is tomorrow, ${when}${where}.`, `${who} ${lasts}`],
        ];
      case "moved":
        return [
          `Your ${what} has moved to ${shortWhen(facts.startsAt)}`,
          [
            `Your ${what}${facts.was ? `, which was set for ${kansasWhen(facts.was)},` : ""} is now on ${when}${where}.`,
            `${who} ${lasts}`,
            "The attached invitation updates the event in your calendar.",
          ],
        ];
      // The same start, a new length: said as such, never as a move.
      case "updated":
        return [
          `Your ${what} on ${shortWhen(facts.startsAt)} now takes ${howLong(facts.durationMinutes)}`,
          [
            `Your ${what} is still on ${when}${where}; it now takes ${howLong(facts.durationMinutes)}.`,
            who,
            "The attached invitation updates the event in your calendar.",
          ],
        ];
      case "cancelled":
        return [
          `Your ${what} on ${shortWhen(facts.startsAt)} is canceled`,
          [
            `Your ${what} on ${when} is canceled. We will be in touch to find a new time.`,
            "The attached file takes it out of your calendar.",
          ],
        ];
    }
  })();
  const paragraphs = [
    `Hi ${facts.homeowner},`,
    ...lines,
    "Your job's page shows what is planned and what comes next:",
    facts.jobPageLink,
    `Questions? Just reply to this email or call us at ${facts.phone}.`,
    `Thank you,\n${facts.company}`,
  ];
  const html = paragraphs
    .map((p) =>
      p === facts.jobPageLink
        ? `<p><a href="${escapeHtml(p)}">See your job</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  return { subject, text: paragraphs.join("\n\n"), html };
}
