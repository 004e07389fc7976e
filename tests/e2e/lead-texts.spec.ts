import Database from "better-sqlite3";
import { FAKE_TWILIO, startFakeTwilio } from "../fake-twilio";
import { quietUntil } from "../../app/lib/texts";
import { scriptsStarted } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test as ownSiteTest, type OwnSite } from "./own-site";

// The owner answers a homeowner by text from the lead page, with scripts (the count of text
// messages as he types, the page updated in place) and without (a plain form, its answer on
// the page): the words reach the fake Twilio and show in the lead's Texts, with where they stand.

const test = ownSiteTest.extend<{ twilio: Awaited<ReturnType<typeof startFakeTwilio>> }>({
  // eslint-disable-next-line no-empty-pattern
  twilio: async ({}, use) => {
    const twilio = await startFakeTwilio();
    await use(twilio);
    await twilio.close();
  },
  // The site's Twilio is this test's fake one.
  ownSiteEnv: async ({ twilio }, use) =>
    use({
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_BASE: twilio.url,
    }),
});

/** A homeowner who chose Text, gave no email and agreed to texts on the quote form. */
function textingLead(ownSite: OwnSite): number {
  const db = new Database(ownSite.dbPath);
  try {
    const now = Date.now();
    return db
      .prepare(
        "insert into leads (name, email, phone, message, preferred_contact, text_consent_at, created_at) values ('Dana Texter', '', '(316) 555-0177', 'Hail took some shingles.', 'text', ?, ?) returning id",
      )
      .pluck()
      .get(now, now) as number;
  } finally {
    db.close();
  }
}

test("the owner texts a homeowner from the lead page and sees it in the thread", async ({
  page,
  ownSite,
  twilio,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const id = textingLead(ownSite);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
  if (js) await scriptsStarted(page);
  const texts = page.locator("#texts");
  await expect(texts.getByRole("heading", { name: "Texts" })).toBeVisible();
  const box = texts.getByLabel("Text them");

  if (!js) {
    // Sent empty, the form comes back with its error, on a page of its own.
    await texts.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByText("Please write the text")).toBeVisible();
    await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
  }

  const words = "Hi Dana, this is Pat. I can look at the roof Thursday at 9. Does that work?";
  await box.fill(words);
  // With scripts the count follows the typing; without, the flash states it after sending.
  if (js) {
    await expect(texts.getByTestId("text-segments")).toHaveText("1 text message");
    await box.fill(`${words} ${"More about the job. ".repeat(5)}`.trim());
    await expect(texts.getByTestId("text-segments")).toHaveText(/^2 text messages \(\d+ characters\)$/);
    await box.fill(words);
  }
  await page.screenshot({ path: testInfo.outputPath("lead-texts-typed.png"), fullPage: true });
  await texts.getByRole("button", { name: "Send text" }).click();

  // Between 9 PM and 8 AM Kansas time the text waits for the morning; otherwise it goes now.
  const quiet = quietUntil(new Date()) !== null;
  await expect(page.getByText(quiet ? /Text queued: it goes at 8:00 AM/ : "Text sent. 1 text message.")).toBeVisible();
  const sent = texts.getByRole("list", { name: "Texts, oldest first" }).getByRole("listitem").last();
  await expect(sent).toContainText(words);
  await expect(sent).toContainText(quiet ? "Waits for 8 AM (quiet hours)" : "Sent");
  await expect(box).toHaveValue("");
  if (!quiet) {
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0].to).toBe("+13165550177");
    expect(twilio.sent[0].body).toContain(words);
  } else expect(twilio.sent).toHaveLength(0);
  // The history says it too.
  await expect(page.locator("#history")).toContainText(`Texted: ${words}`);
  await page.screenshot({ path: testInfo.outputPath("lead-texts-sent.png"), fullPage: true });
});
