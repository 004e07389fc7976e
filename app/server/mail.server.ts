import { Resend } from "resend";
import { env } from "~/server/env.server";

export type Mail = {
  to: string;
  toName?: string;
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML copy beside the text (a link reads as a button); the text is what every mail has. */
  html?: string;
  /**
   * Files with the mail (a visit's .ics, an invoice's PDF). Resend's batch endpoint takes
   * none, so a mail with attachments goes in a request of its own.
   */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** A way out for mails or texts: each provider, and the stand-in that only prints. */
export type Transport<M> = {
  name: string;
  /** False for the stand-in that only prints: what it "sends" is recorded as not sent. */
  delivers: boolean;
  /**
   * Messages in as few requests as the provider allows (Resend: 100 mails a request). What
   * became of each, in order: one the provider refuses on its own (an address it will not
   * take) is refused alone, the others still go; a request that fails as a whole (an outage) throws.
   */
  sendBatch(messages: M[]): Promise<BatchOutcome[]>;
};
export type MailTransport = Transport<Mail>;

/** One mail of a batch: taken (with the provider's id, when it gives one), or refused with why. */
export type BatchOutcome = { id: string | null } | { refused: string };

/** Resend takes at most this many mails in one batch request. */
export const BATCH_LIMIT = 100;

/** "Name <addr>" with the name quoted, so a company name with a comma stays one name. */
export function formatAddress(name: string | undefined, address: string): string {
  if (!name) return address;
  return `"${name.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

function fromAddress(fromName: string): string {
  // MAIL_FROM may be "Name <addr>" or a bare address; the sender name is always the company's.
  const address = env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM.trim();
  return formatAddress(fromName, address);
}

/** Through Resend's API. The SDK reads RESEND_BASE_URL, which tests point at a local fake. */
function resendTransport(apiKey: string): MailTransport {
  const resend = new Resend(apiKey);
  const payload = (mail: Mail) => ({
    from: fromAddress(mail.fromName),
    to: [formatAddress(mail.toName, mail.to)],
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  async function sendAlone(mail: Mail): Promise<BatchOutcome> {
    const { data, error } = await resend.emails.send({
      ...payload(mail),
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
      })),
    });
    if (!error) return { id: data?.id ?? null };
    // A 4xx about this mail is its own refusal; anything else (5xx, no answer) is an outage.
    if (error.statusCode !== null && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) {
      return { refused: `Resend refused the mail: ${error.message}` };
    }
    throw new Error(`Resend refused the mail: ${error.message}`);
  }
  return {
    name: "resend",
    delivers: true,
    async sendBatch(all) {
      const outcomes: BatchOutcome[] = [];
      const alone = new Map<number, BatchOutcome>();
      for (const [index, mail] of all.entries()) {
        if (mail.attachments?.length) alone.set(index, await sendAlone(mail));
      }
      const mails = all.filter((mail) => !mail.attachments?.length);
      for (let i = 0; i < mails.length; i += BATCH_LIMIT) {
        const chunk = mails.slice(i, i + BATCH_LIMIT);
        // Permissive: Resend's default (strict) refuses the whole batch for one address it
        // will not take, and that one mail would hold back every mail beside it, retry after retry.
        const { data, error } = await resend.batch.send(chunk.map(payload), { batchValidation: "permissive" });
        if (error) throw new Error(`Resend refused the mail: ${error.message}`);
        const refused = new Map((data?.errors ?? []).map((e) => [e.index, e.message]));
        // The ids are those of the mails it took, in order.
        const ids = (data?.data ?? []).map((sent) => sent.id);
        chunk.forEach((_, index) => {
          const reason = refused.get(index);
          outcomes.push(
            reason === undefined ? { id: ids.shift() ?? null } : { refused: `Resend refused the mail: ${reason}` },
          );
        });
      }
      // Back in the order the mails came.
      return all.map((_, index) => alone.get(index) ?? (outcomes.shift() as BatchOutcome));
    },
  };
}

/** A mail someone waits on gives up after this long (the provider may be slow or down). */
export const MAIL_WAIT_MS = 8_000;

/** The transport gave up waiting: the provider may still deliver what it was handed. */
export class MailTimeout extends Error {
  constructor(ms: number) {
    const seconds = Math.ceil(ms / 1000);
    super(`The mail provider did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`);
  }
}

/**
 * The same transport, giving up after `ms` with a MailTimeout. The request is not cancelled
 * (the Resend SDK's batch send takes no signal), so what was handed over may still arrive:
 * callers must not treat a timeout as a refusal to retry with a new link.
 */
export function withTimeout<M>(transport: Transport<M>, ms = MAIL_WAIT_MS): Transport<M> {
  return {
    ...transport,
    async sendBatch(messages) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailTimeout(ms)), ms);
      });
      try {
        return await Promise.race([transport.sendBatch(messages), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Without an API key, `npm start` still works offline: each mail is printed instead. */
const logTransport: MailTransport = {
  name: "log",
  delivers: false,
  async sendBatch(mails) {
    for (const mail of mails) {
      console.log(
        [
          `--- mail (no RESEND_API_KEY: printed, not sent) ---`,
          `From: ${fromAddress(mail.fromName)}`,
          `To: ${formatAddress(mail.toName, mail.to)}`,
        ]
          .concat(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : [], [`Subject: ${mail.subject}`, "", mail.text, "---"])
          .join("\n"),
      );
    }
    return mails.map(() => ({ id: null }));
  },
};

/** Whether mail really goes out (an API key is set), or is only printed. */
export const mailIsSetUp = () => !!env.RESEND_API_KEY;

export function mailTransport(): MailTransport {
  return env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY) : logTransport;
}
