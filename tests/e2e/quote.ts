import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { FAKE_RESEND_URL } from "../../playwright.config";
import type { SentMail } from "../fake-resend";

/** Mails the local fake Resend received for (or replying to) an address. */
export async function mailsTo(address: string): Promise<SentMail[]> {
  const sent = (await (await fetch(`${FAKE_RESEND_URL}/sent`)).json()) as SentMail[];
  return sent.filter((m) => m.to.some((t) => t.includes(address)) || m.reply_to === address);
}

/** Photos as a phone would hand them over: made here, a few kilobytes each. */
export async function photo(name: string, color: string, format: "jpeg" | "png" = "jpeg") {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).toFormat(format).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** The quote form filled the way a homeowner in Derby with hail damage would. */
export async function fillQuote(form: Locator, name: string, email: string) {
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Type of work").selectOption("Storm / hail damage");
  await form.getByLabel("Street").fill("418 N Main St");
  await form.getByLabel("City").fill("Derby");
  await form.getByLabel("ZIP").fill("67037");
  await form.getByLabel("Message").fill("Hail took some shingles off the north side.");
  await form.getByRole("radio", { name: "Text" }).check();
}
