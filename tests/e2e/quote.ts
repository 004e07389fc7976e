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
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Where the job is and what it is: by default a homeowner in Derby with hail damage. */
export type QuotePlace = { service: string; street: string; city: string; zip: string };
const DERBY_HAIL: QuotePlace = { service: "Storm / hail damage", street: "418 N Main St", city: "Derby", zip: "67037" };
/**
 * A job the public pages' own tests never look at: specs that publish work or approve a
 * review use it, so the pages those tests check keep showing the demo content they expect.
 */
export const AUGUSTA_GUTTERS: QuotePlace = {
  service: "Gutter Services",
  street: "220 State St",
  city: "Augusta",
  zip: "67010",
};

/** The quote form filled the way a homeowner would. */
export async function fillQuote(form: Locator, name: string, email: string, place: QuotePlace = DERBY_HAIL) {
  await form.getByLabel("Name").fill(name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByLabel("Type of work").selectOption(place.service);
  await form.getByLabel("Street").fill(place.street);
  await form.getByLabel("City").fill(place.city);
  await form.getByLabel("ZIP").fill(place.zip);
  await form.getByLabel("Message").fill("Hail took some shingles off the north side.");
  // Email: the way to reach the address typed (a call or a text would need a phone too).
  await form.getByRole("radio", { name: "Email" }).check();
}
