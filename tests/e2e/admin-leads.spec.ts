import { FAKE_RESEND_URL } from "../../playwright.config";
import type { SentMail } from "../fake-resend";
import { ADMIN, expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { mailsTo } from "./quote";

// A quote request is a lead: staff move it through the statuses from its page, with a
// note and a follow-up day, and find it again in the list. With and without scripts.

test("staff move a quote request through the statuses, with notes, and find it by status", async ({
  adminPage: page,
  request,
}, info) => {
  const name = `Lead ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  const sent = await request.post("/contact", {
    form: {
      name,
      email: "lead@example.com",
      phone: "(316) 555-0142",
      message: "Hail took shingles off the north side.",
      service: "Storm / hail damage",
      city: "Derby",
      zip: "67037",
    },
  });
  expect(sent.status()).toBe(200);

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(name) }).click();
  const lead = page.getByRole("region", { name: "Status and notes" });
  await expect(lead.getByLabel("Status")).toHaveValue("new");

  await lead.getByLabel("Status").selectOption("contacted");
  await lead.getByLabel("Follow up on").fill("2020-01-02");
  await lead.getByLabel("Add a note").fill("Called, she wants a visit Thursday.");
  // With scripts the form posts without reloading the page; without, it is a plain post.
  if (jsEnabled(info)) await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await lead.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated").first()).toBeVisible();
  if (jsEnabled(info)) expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  // A late follow-up shows in the header, on every admin page.
  await expect(page.getByRole("navigation", { name: "Admin" }).getByTestId("follow-ups-due")).toBeVisible();
  const history = lead.getByRole("region", { name: "History" });
  await expect(history).toContainText("New → Contacted");
  await expect(history).toContainText("Called, she wants a visit Thursday.");
  await expect(history).toContainText("admin@example.com");

  // Lost needs a reason: the form says so and keeps the note.
  await lead.getByLabel("Status").selectOption("lost");
  await lead.getByLabel("Add a note").fill("No answer for two weeks");
  await lead.getByRole("button", { name: "Save" }).click();
  await expect(lead.getByLabel("Why it was lost (when Lost)")).toHaveAccessibleDescription(
    "Please say why the lead was lost",
  );
  await expect(lead.getByLabel("Add a note")).toHaveValue("No answer for two weeks");
  await lead.getByLabel("Why it was lost (when Lost)").fill("No answer after several tries");
  await lead.getByRole("button", { name: "Save" }).click();
  await expect(history).toContainText("Contacted → Lost");

  // The list finds it by status; its late follow-up no longer counts once it is lost.
  await page.goto("/admin/leads?status=lost");
  const row = page.getByRole("link", { name: new RegExp(name) });
  await expect(row).toContainText("Lost");
  await expect(row).not.toContainText("Follow-up late");
  await page.goto("/admin/leads");
  await page.getByLabel("Status", { exact: true }).selectOption("new");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
});

test("staff write down a phone call as a lead: a refused form keeps what was typed, and no mail goes out for it", async ({
  adminPage: page,
}) => {
  const name = `Caller ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  await page.goto("/admin/leads");
  await page.getByRole("link", { name: "Add a lead" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a lead" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("contacted");

  // No phone and no email: refused, by the field, with everything typed still there.
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Type of work").selectOption("Storm / hail damage");
  await page.getByLabel("City").fill("Wellington");
  await page
    .getByLabel("What they said *")
    .fill("Wind took shingles off the garage; wants someone out before Saturday.");
  await page.getByRole("button", { name: "Add lead" }).click();
  await expect(
    page.getByText("Please write down a phone number or an email, so we can get back to them"),
  ).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/leads\/new$/);
  await expect(page.getByLabel("Name *")).toHaveValue(name);
  await expect(page.getByLabel("City")).toHaveValue("Wellington");
  await expect(page.getByLabel("Type of work")).toHaveValue("Storm / hail damage");

  await page.getByLabel("Phone").fill("(620) 555-0177");
  await page.getByRole("button", { name: "Add lead" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByText("Lead added").first()).toBeVisible();

  // Its page: who added it and how it came, no email to write to, no mail states.
  const lead = page.getByRole("article", { name });
  await expect(lead).toContainText("Phone call");
  await expect(lead).toContainText("added by admin@example.com");
  await expect(lead.getByRole("link", { name: "Call (620) 555-0177" })).toBeVisible();
  // A text is offered beside the call: the quote form offers "Text" as the best way to reach them.
  await expect(lead.getByRole("link", { name: "Text (620) 555-0177" })).toHaveAttribute("href", "sms:+16205550177");
  await expect(lead.getByRole("link", { name: /^Email/ })).toHaveCount(0);
  await expect(lead).not.toContainText("Notification");
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Added by hand");
  await expect(history).toContainText("Contacted");
  await expect(history).toContainText("admin@example.com");

  // In the list, found by its phone digits, marked as a call.
  await page.goto("/admin/leads?q=6205550177");
  const row = page.getByRole("link", { name: new RegExp(name) });
  await expect(row).toContainText("Phone call");
  await expect(row).not.toContainText("Auto-reply");
  const sent = (await (await fetch(`${FAKE_RESEND_URL}/sent`)).json()) as SentMail[];
  expect(sent.filter((m) => m.text.includes(name))).toEqual([]);
});

test("the owner's pipeline shows this month and the leads by status, each a way into the list", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/leads");
  await page.getByRole("link", { name: "Pipeline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  const month = new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "America/Chicago",
  }).format(new Date());
  await expect(page.getByRole("heading", { name: month })).toBeVisible();
  for (const figure of ["Quoted", "Won", "Win rate"])
    await expect(page.getByRole("term").filter({ hasText: figure })).toBeVisible();
  const statuses = page.getByRole("region", { name: "Leads by status" }).getByRole("link");
  await expect(statuses).toHaveCount(7);
  await statuses.filter({ hasText: "Measured" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?status=measured$/);
});

test("a link in a mail sent before the lead pages moved (/admin/messages/…) still opens the lead, through the sign-in page", async ({
  page,
  request,
}) => {
  const name = `Old Link ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  const email = `old-link-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  expect(
    (
      await request.post("/contact", {
        form: {
          name,
          email,
          phone: "(316) 555-0199",
          message: "Gutter pulling away.",
          service: "Not sure",
          city: "Derby",
          zip: "67037",
        },
      })
    ).status(),
  ).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThan(0);
  const id = /\/admin\/leads\/(\d+)/.exec((await mailsTo(email)).find((m) => m.reply_to === email)!.text)![1];

  // Permanently moved, query and all; asked for before any session is.
  const old = await request.get(`/admin/messages/${id}?from=mail`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toBe(`/admin/leads/${id}?from=mail`);

  await page.goto(`/admin/messages/${id}?from=mail`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}\\?from=mail$`));
  await expect(page.getByRole("article", { name })).toBeVisible();
});
