import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { FAKE_STRIPE_URL, FAKE_TWILIO_URL } from "../../playwright.config";
import { quietUntil } from "../../app/lib/texts";
import type { SentText } from "../fake-twilio";
import { acceptProposal, COMPANY, escapeRegExp } from "./helpers";
import { expect, test, type OwnSite, type TeamMember } from "./own-site";
import { addEstimate } from "./seed-estimate";

// A homeowner who chose Text and gave no email, on his phone: every step of his job reaches
// him by text (through the fake Twilio, as the real SDK sends it), each in the company's name
// with a link that opens his page. The site runs its own server, its clock set to mid-morning
// in Kansas (tests/e2e/shifted-clock.mjs): texts wait out 9 PM to 8 AM, and the suite runs at
// any hour.

const MORNING = 10;
/**
 * How far ahead of the real clock the site's server runs: none in the day, to 10 AM Kansas at
 * night (and in the last quarter hour before 9 PM, so the test never runs into it).
 */
function clockOffset(now = new Date()): number {
  const morning = quietUntil(now) ?? quietUntil(new Date(now.getTime() + 15 * 60_000));
  return morning ? morning.getTime() + (MORNING - 8) * 3_600_000 - now.getTime() : 0;
}
const OFFSET = clockOffset();
const siteNow = () => new Date(Date.now() + OFFSET);

test.use({
  ownSiteEnv: {
    NODE_OPTIONS: `--import=${path.resolve("tests/e2e/shifted-clock.mjs")}`,
    SHIFTED_CLOCK_MS: String(OFFSET),
    // Online payment on, so the invoice's text offers to pay by card (nothing is paid here).
    STRIPE_SECRET_KEY: "sk_test_e2e_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_texts",
    STRIPE_API_BASE: FAKE_STRIPE_URL,
    // A 10DLC number's pace is one a second; this site's texts seldom wait behind each other.
    TEXTS_PER_SECOND: "10",
  },
});

const CREW: TeamMember = { email: "cody@example.com", name: "Cody Crew", role: "crew" };
const desktop = { viewport: { width: 1280, height: 900 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A number of its own for each run (the fake Twilio's list is shared): "(316) 5xx-xxxx" and its E.164. */
function phoneNumber() {
  const digits = `5${String(Date.now() % 100_000_000).padStart(8, "0")}`.slice(0, 7);
  const typed = `(316) ${digits.slice(0, 3)}-${digits.slice(3)}`;
  return { typed, to: `+1316${digits}` };
}

/** The texts the fake Twilio took for this number, oldest first. */
async function textsTo(to: string): Promise<SentText[]> {
  const sent = (await (await fetch(`${FAKE_TWILIO_URL}/sent`)).json()) as SentText[];
  return sent.filter((t) => t.to === to);
}

/** Waits for the text to `to` whose words match, and gives its words and the link it carries. */
async function textMatching(to: string, words: RegExp) {
  await expect.poll(async () => (await textsTo(to)).some((t) => words.test(t.body))).toBe(true);
  const body = (await textsTo(to)).find((t) => words.test(t.body))!.body;
  // The company's name first, short: under two segments of plain characters.
  expect(body.startsWith(`${COMPANY}: `), body).toBe(true);
  expect(body.length).toBeLessThanOrEqual(306);
  return { body, link: /https?:\/\/\S+/.exec(body)?.[0] ?? null };
}

/**
 * What staff are told went to `typed`: texted, or on its way (the number's line was busy a
 * moment: the outbox sends it right after). `before` is what comes first ("Visit moved; ").
 */
const toldTexted = (before: string, typed: string) =>
  new RegExp(`${escapeRegExp(before)}(texted to|the text to) ${escapeRegExp(typed)}`);

/** The crew's answer to "On my way": texted, or on its way. */
const onTheWay = (name: string) =>
  new RegExp(`^(Texted ${escapeRegExp(name)}: on your way|The text to ${escapeRegExp(name)} is on its way)`);

/** Kansas day (YYYY-MM-DD) and time (HH:MM) of an instant, as the booking form takes them. */
function kansasFields(at: Date) {
  const day = at.toLocaleDateString("en-CA", { timeZone: "America/Chicago" });
  const time = at.toLocaleTimeString("en-GB", { timeZone: "America/Chicago", hour: "2-digit", minute: "2-digit" });
  return { day, time };
}

/** The site's clock this many minutes on, at a five-minute mark. */
function minutesOn(minutes: number) {
  const at = new Date(siteNow().getTime() + minutes * 60_000);
  at.setUTCMinutes(Math.ceil(at.getUTCMinutes() / 5) * 5, 0, 0);
  return at;
}

function leadIdOf(site: OwnSite, name: string): number {
  const db = new Database(site.dbPath, { readonly: true });
  try {
    return (db.prepare("select id from leads where name = ?").get(name) as { id: number }).id;
  } finally {
    db.close();
  }
}

async function signedIn(browser: Browser, site: OwnSite, who: "owner" | TeamMember, scripts = true) {
  const context = await browser.newContext({
    ...(who === "owner" ? desktop : phone),
    baseURL: site.baseURL,
    javaScriptEnabled: scripts,
  });
  const page = await context.newPage();
  if (who === "owner") await site.signIn(page);
  else await site.signInAs(page, who);
  return page;
}

/** The quote form sent from a phone: Text chosen, a phone and no email, the box for texts ticked. */
async function askByText(homeowner: Page, name: string, typed: string, shots?: string) {
  await homeowner.goto("/contact");
  const form = homeowner.getByRole("form", { name: "Contact form" });
  if (shots) await form.getByRole("group", { name: "Best way to reach you" }).screenshot({ path: shots });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Phone").fill(typed);
  await form.getByLabel("Type of work").selectOption("Storm / hail damage");
  await form.getByLabel("Street").fill("418 N Main St");
  await form.getByLabel("City").fill("Derby");
  await form.getByLabel("ZIP").fill("67037");
  await form.getByLabel("Message").fill("Hail took some shingles off the north side.");
  await form.getByRole("radio", { name: "Text" }).check();
  const consent = form.getByRole("checkbox", { name: new RegExp(`^Yes, ${escapeRegExp(COMPANY)} may text me`) });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(homeowner.getByRole("status").filter({ hasText: "Your message has been sent!" }).first()).toBeVisible();
}

/** Books an estimate visit for Cody from the lead page, `minutes` on from the site's clock. */
async function bookFor(staff: Page, minutes: number) {
  const when = kansasFields(minutesOn(minutes));
  const schedule = staff.getByRole("region", { name: "Schedule" });
  await schedule.getByLabel("What").selectOption({ label: "Estimate visit" });
  await schedule.getByLabel("Day", { exact: true }).fill(when.day);
  await schedule.getByLabel("Time (Kansas)").fill(when.time);
  await schedule.getByLabel("Who goes").selectOption({ label: CREW.name });
  await schedule.getByRole("button", { name: "Book it" }).click();
}

test("@phone @js a homeowner who chose Text and gave no email hears every step of his job by text", async ({
  browser,
  ownSite,
}, info) => {
  test.setTimeout(240_000);
  const name = `Dale Texter ${Date.now()}`;
  const { typed, to } = phoneNumber();
  const homeContext = await browser.newContext({ ...phone, baseURL: ownSite.baseURL });
  const homeowner = await homeContext.newPage();

  // The request: "we got it" by text, with his job page, which opens.
  await askByText(homeowner, name, typed, info.outputPath("quote-form-texts-390.png"));
  const received = await textMatching(to, /: we got your request and will get back to you within 24 hours\./);
  expect(received.body).toMatch(/Reply STOP to opt out\.$/);
  await homeowner.goto(received.link!);
  await expect(homeowner.getByRole("heading", { level: 2 }).first()).toHaveText("We are on it");
  const jobPage = new URL(received.link!).pathname;

  // Booked: the office sends Cody this morning, and is told it was texted.
  const staff = await signedIn(browser, ownSite, "owner");
  await staff.goto("/contact");
  await staff
    .getByRole("form", { name: "Contact form" })
    .getByRole("group", { name: "Best way to reach you" })
    .screenshot({ path: info.outputPath("quote-form-texts-1280.png") });
  const crew = await signedIn(browser, ownSite, CREW);
  const leadId = leadIdOf(ownSite, name);
  await staff.goto(`/admin/leads/${leadId}`);
  await bookFor(staff, 60);
  await expect(staff.getByText(toldTexted("Estimate visit booked; ", typed)).first()).toBeVisible();
  const booked = await textMatching(to, /: your estimate visit is booked for .+ Cody Crew will be there\./);
  await homeowner.goto(booked.link!);
  await expect(homeowner.getByRole("region", { name: "Our next visit" })).toContainText("Estimate visit");

  // Moved half an hour later.
  const schedule = staff.getByRole("region", { name: "Schedule" });
  await schedule.locator("summary").filter({ hasText: "Move or change" }).click();
  const move = schedule.getByRole("form", { name: /^Move the estimate visit of / });
  await move.getByLabel("Time (Kansas)").fill(kansasFields(minutesOn(90)).time);
  await move.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText(toldTexted("Visit moved; ", typed)).first()).toBeVisible();
  const moved = await textMatching(to, /: your estimate visit has moved to /);
  expect(moved.link).toContain(jobPage);

  // On the way: one tap from Cody's card on My day, with when he will be there.
  await crew.goto("/admin/my-day");
  const card = crew.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByLabel("There in")).toHaveValue("20");
  await crew.screenshot({ path: info.outputPath("my-day-on-my-way-390.png"), fullPage: true });
  await card.getByRole("button", { name: "On my way" }).click();
  await expect(crew.getByText(onTheWay(name)).first()).toBeVisible();
  await textMatching(
    to,
    /: Cody Crew is on the way and should be there in about 20 minutes \(around \d{1,2}:\d\d [AP]M\)\./,
  );
  await expect(card).toContainText(/Texted at \d{1,2}:\d\d [AP]M/);
  // A second tap texts nothing more.
  const count = (await textsTo(to)).length;
  await card.getByRole("button", { name: "On my way" }).click();
  await expect(crew.getByText(`${name} was already texted that you are on your way`).first()).toBeVisible();
  expect((await textsTo(to)).length).toBe(count);

  // The visit done, the office clears it from the schedule: the homeowner hears it is off.
  await staff.reload();
  await schedule
    .locator("summary")
    .filter({ hasText: /^Cancel$/ })
    .click();
  await schedule.getByRole("button", { name: "Cancel the estimate visit" }).click();
  await expect(staff.getByText(toldTexted("Visit canceled; ", typed)).first()).toBeVisible();
  await textMatching(to, /: your estimate visit on .+ is canceled\./);

  // The proposal, texted (he has no email), opened from the text on his phone and accepted.
  addEstimate(ownSite.dbPath, leadId);
  await staff.reload();
  const proposals = staff.getByRole("region", { name: "Proposals" });
  await proposals.getByLabel("Valid for (days)").fill("30");
  await proposals.getByLabel("Valid for (days)").press("Enter");
  await expect(staff.getByText("Proposal created").first()).toBeVisible();
  await proposals.getByRole("button", { name: `Text to ${name}` }).click();
  await expect(staff.getByText(toldTexted("Proposal: ", typed)).first()).toBeVisible();
  await expect(proposals).toContainText(`Texted to ${typed}: `);
  await proposals.screenshot({ path: info.outputPath("proposal-texted-1280.png") });
  const proposal = await textMatching(to, /: your proposal is ready\. Read it and accept it online: /);
  await homeowner.goto(proposal.link!);
  await acceptProposal(homeowner, name);

  // The deposit invoice, texted with his job page, where he can pay by card.
  await staff.reload();
  const money = staff.getByRole("region", { name: "Invoices and payments" });
  await money
    .getByRole("listitem", { name: "Deposit invoice Draft" })
    .getByRole("button", { name: "Send to the homeowner" })
    .click();
  await expect(staff.getByText(toldTexted("Invoice sent: ", typed)).first()).toBeVisible();
  const invoice = await textMatching(to, /: invoice INV-\d{4} for \$[\d,]+\.\d\d is ready\. See it and pay by card: /);
  const [, number, owed] = /invoice (INV-\d{4}) for (\$[\d,]+\.\d\d)/.exec(invoice.body)!;
  expect(new URL(invoice.link!).pathname).toBe(jobPage);
  await homeowner.goto(invoice.link!);
  await expect(
    homeowner.getByRole("article", { name: `Invoice ${number}` }).getByRole("button", { name: `Pay ${owed}` }),
  ).toBeVisible();

  // He pays by check: the receipt comes by text.
  await staff.reload();
  const deposit = money.getByRole("listitem", { name: `Deposit invoice ${number}` });
  await deposit
    .locator("summary")
    .filter({ hasText: /^Record (a )?payment$/ })
    .click();
  await deposit.getByLabel("How").selectOption({ label: "Check" });
  await deposit.getByLabel("Check number (for a check)").fill("1042");
  await deposit.locator("form").getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(/^Payment recorded\./).first()).toBeVisible();
  await expect(staff.getByText(toldTexted("Receipt: ", typed)).first()).toBeVisible();
  const receipt = await textMatching(
    to,
    new RegExp(`: thank you, we received ${escapeRegExp(owed)} for invoice ${number}\\.`),
  );
  await homeowner.goto(receipt.link!);
  await expect(homeowner.getByRole("region", { name: "Payments received" })).toContainText(owed);

  // The job done, the review request by text; its link opens the review form.
  const job = staff.getByRole("region", { name: "The job" });
  await job.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(job).toContainText("Completed");
  await expect(job).toContainText("Texts them a link to a short form.");
  await job.getByRole("button", { name: "Ask for a review" }).click();
  await expect(staff.getByText(toldTexted("Review request: ", typed)).first()).toBeVisible();
  const review = await textMatching(to, /: thank you for choosing us! Would you tell others how we did\? /);
  await homeowner.goto(review.link!);
  await expect(homeowner.getByLabel("Your review *")).toBeVisible();

  // Nothing went twice, and every text went to his number only.
  const bodies = (await textsTo(to)).map((t) => t.body);
  expect(new Set(bodies).size).toBe(bodies.length);
  await homeContext.close();
});

test('@phone @nojs without scripts, the quote form asks for texts and the crew\'s "On my way" texts him', async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(120_000);
  const name = `Rae Noscript ${Date.now()}`;
  const { typed, to } = phoneNumber();
  const homeContext = await browser.newContext({ ...phone, baseURL: ownSite.baseURL, javaScriptEnabled: false });
  const homeowner = await homeContext.newPage();
  await askByText(homeowner, name, typed);
  await textMatching(to, /: we got your request/);

  const staff = await signedIn(browser, ownSite, "owner", false);
  const crew = await signedIn(browser, ownSite, CREW, false);
  await staff.goto(`/admin/leads/${leadIdOf(ownSite, name)}`);
  await bookFor(staff, 45);
  await expect(staff.getByText(toldTexted("Estimate visit booked; ", typed)).first()).toBeVisible();

  await crew.goto("/admin/my-day");
  const card = crew.getByRole("listitem").filter({ hasText: name });
  await card.getByLabel("There in").selectOption({ label: "10 min" });
  await card.getByRole("button", { name: "On my way" }).click();
  await expect(crew).toHaveURL(/\/admin\/my-day$/);
  await expect(crew.getByText(onTheWay(name)).first()).toBeVisible();
  await textMatching(to, /: Cody Crew is on the way and should be there in about 10 minutes/);
  await expect(crew.getByRole("listitem").filter({ hasText: name })).toContainText(/Texted at /);
  await homeContext.close();
});
