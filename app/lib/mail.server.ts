import { Resend } from "resend";
import { env } from "~/server/env.server";

export type Mail = {
  to: string;
  toName?: string;
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
};

export type MailTransport = { name: string; send(mail: Mail): Promise<void> };

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
  return {
    name: "resend",
    async send(mail) {
      const { error } = await resend.emails.send({
        from: fromAddress(mail.fromName),
        to: [formatAddress(mail.toName, mail.to)],
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
      });
      if (error) throw new Error(`Resend refused the mail: ${error.message}`);
    },
  };
}

/** Without an API key, `npm start` still works offline: each mail is printed instead. */
const logTransport: MailTransport = {
  name: "log",
  async send(mail) {
    console.log(
      [`--- mail (no RESEND_API_KEY: printed, not sent) ---`, `From: ${fromAddress(mail.fromName)}`, `To: ${formatAddress(mail.toName, mail.to)}`]
        .concat(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : [], [`Subject: ${mail.subject}`, "", mail.text, "---"])
        .join("\n"),
    );
  },
};

export function mailTransport(): MailTransport {
  return env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY) : logTransport;
}
