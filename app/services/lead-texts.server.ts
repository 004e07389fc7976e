import { href } from "react-router";
import type { OutboxItem } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { mayPost } from "~/lib/access";
import type { HistoryKind } from "~/lib/history-kinds";
import {
  autoTextLabel,
  SEND_TEXT_INTENT,
  textRefusal,
  textStateWords,
  textTime,
  textTone,
  TEXT_REFUSAL_WORDS,
  type SentText,
  type TextTone,
} from "~/lib/lead-texts";
import { formatKansasDateTime } from "~/lib/business-time";
import type { Refusal } from "~/lib/refusal";
import { HISTORY_WORDS } from "~/lib/lead-history";
import { onMyWayText } from "~/lib/text-words";
import { listTextEntries, writeLeadHistory } from "~/models/lead-history.server";
import { findOutboxItem, listLeadTexts, queueText, textStanding } from "~/models/outbox.server";
import type { SessionUser } from "~/models/session.server";
import { getBusinessFacts } from "~/models/settings.server";
import { inTransaction } from "~/server/db.server";
import { MAIL_WAIT_MS } from "~/server/mail.server";
import { textsAreSetUp } from "~/server/texts.server";
import { deliverNow } from "~/services/outbox.server";

/** One line of a lead's conversation by text, oldest first. */
export type LeadTextItem =
  | {
      key: string;
      from: "us";
      /** The words sent, or what an automatic text was about (`label`: its words are written as it goes). */
      words: string;
      label: boolean;
      /** Who wrote it (null: the site, on its own). */
      by: string | null;
      when: string;
      state: string;
      tone: TextTone;
    }
  | { key: string; from: "them"; words: string; when: string }
  | { key: string; from: "keyword"; words: string; when: string };

/** The lead page's Texts section. */
export type LeadTextsView = {
  leadId: number;
  action: string;
  thread: LeadTextItem[];
  /** Why the lead cannot be texted, in one sentence; null: it can. */
  refusal: string | null;
  /** Owner and office answer; the crew reads. */
  mayReply: boolean;
  /** Twilio is set up: without it a text is only printed in the server's log. */
  setUp: boolean;
};

const KEYWORD_WORDS: Partial<Record<HistoryKind, string>> = {
  "texts-stopped": HISTORY_WORDS.textsStopped,
  "texts-started": HISTORY_WORDS.textsStarted,
};

/**
 * A lead's texts as its page shows them: every text we sent (its words, or what it was about
 * for one the site sent on its own; where it stands), every reply, and each STOP and START,
 * in the order they happened.
 */
export function leadTextsView(leadId: number, user: Pick<SessionUser, "role">, now = new Date()): LeadTextsView {
  const entries = listTextEntries(leadId);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const company = getBusinessFacts().company;
  const timed: { at: Date; order: number; item: LeadTextItem }[] = [];
  for (const text of listLeadTexts(leadId)) {
    const entry = text.leadNoteId === null ? undefined : byId.get(text.leadNoteId);
    const words =
      text.kind === "text-message"
        ? (entry?.body ?? null)
        : text.kind === "on-my-way" && entry?.detail
          ? onMyWayText({ company, who: entry.author, arrival: entry.detail })
          : null;
    timed.push({
      at: text.createdAt,
      order: timed.length,
      item: {
        key: `text-${text.id}`,
        from: "us",
        words: words ?? autoTextLabel(text.kind),
        label: words === null,
        by: entry?.author ?? null,
        when: textTime(text),
        state: textStateWords(text, now),
        tone: textTone(text),
      },
    });
  }
  for (const entry of entries) {
    const when = formatKansasDateTime(entry.createdAt);
    const keyword = KEYWORD_WORDS[entry.kind];
    if (entry.kind === "text-received")
      timed.push({
        at: entry.createdAt,
        order: timed.length,
        item: { key: `entry-${entry.id}`, from: "them", words: entry.body ?? "", when },
      });
    else if (keyword)
      timed.push({
        at: entry.createdAt,
        order: timed.length,
        item: { key: `entry-${entry.id}`, from: "keyword", words: keyword, when },
      });
  }
  timed.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  const standing = textStanding(leadId);
  return {
    leadId,
    action: href("/admin/leads/:id/texts", { id: String(leadId) }),
    thread: timed.map((t) => t.item),
    refusal: "refused" in standing ? TEXT_REFUSAL_WORDS[standing.refused] : null,
    mayReply: mayPost(user.role, "routes/admin/lead-texts", SEND_TEXT_INTENT),
    setUp: textsAreSetUp(),
  };
}

/**
 * Staff's words to the homeowner: kept in the lead's history as "text-sent" by whoever wrote
 * them (the text's words are that entry's), queued to the lead's number (staff asked: the
 * homeowner's agreement is enough, lib/texts.ts) and tried at once, staff waiting no longer
 * than for a mail. Refused, and nothing kept, when the lead cannot be texted.
 */
export async function sendLeadText(leadId: number, body: string, by: Actor, now = new Date()): Promise<SentText> {
  const stored = inTransaction((): Refusal | { text: OutboxItem } => {
    const standing = textStanding(leadId);
    if ("refused" in standing) return textRefusal(standing.refused);
    const leadNoteId = writeLeadHistory({ leadId, kind: "text-sent", body }, by, now);
    const text = queueText({ kind: "text-message", leadId, leadNoteId }, now, { asked: true });
    // textStanding said yes in this same transaction: queueText asks the same.
    if (!text) throw new Error(`Lead ${leadId}: the text was not queued`);
    return { text };
  });
  if ("refused" in stored) return stored;
  const outcome = await deliverNow(stored.text.id, { now, waitMs: MAIL_WAIT_MS });
  switch (outcome.status) {
    case "sent":
    case "unsent":
      return { status: outcome.status };
    case "queued": {
      const next = findOutboxItem(stored.text.id)?.nextAttemptAt;
      return next && next > now ? { status: "quiet", at: next } : { status: "queued" };
    }
    case "skipped": {
      // The number said STOP (or the lead was taken off texts) as it went.
      const standing = textStanding(leadId);
      return textRefusal("refused" in standing ? standing.refused : "stopped");
    }
    default: {
      const retrying = findOutboxItem(stored.text.id)?.state === "pending";
      return retrying ? { status: "retrying", reason: outcome.reason } : { status: "failed", reason: outcome.reason };
    }
  }
}
