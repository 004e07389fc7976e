import Database from "better-sqlite3";
import { addDays, businessToday } from "../../app/lib/business-time";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// An insurance job from the lead page (decision 0109): the office marks the lead as a claim
// (a refused form first, its error in the page), books the adjuster meeting, keeps the
// carrier's scope of loss, asks a supplement and records its approval; the crew member
// looking after the job then reads the carrier, the claim and the adjuster to call, opens the
// scope, and sees no money. Scripts on at a desk, off on a phone: the default pair.

const OLIVE = { email: "olive@example.com", name: "Olive Office", role: "office" } as const;
const KIM = { email: "kim@example.com", name: "Kim Alvarez", role: "crew" } as const;

/** A hail job given to Kim (so the crew's page shows it). */
function hailJob(ownSite: OwnSite, name: string): number {
  const db = new Database(ownSite.dbPath);
  try {
    const kim = db.prepare("select id from users where email = ?").pluck().get(KIM.email) as number;
    return db
      .prepare(
        "insert into leads (name, email, message, street, city, zip, assigned_to, created_at) values (?, ?, 'Hail took the roof', '412 N Main St', 'Derby', '67037', ?, ?) returning id",
      )
      .pluck()
      .get(name, `${name.split(" ")[0].toLowerCase()}@example.com`, kim, Date.now()) as number;
  } finally {
    db.close();
  }
}

const SCOPE_PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("the office runs a claim from the lead page; the crew sees the adjuster and no money", async ({
  page,
  ownSite,
}, info) => {
  const js = jsEnabled(info);
  await ownSite.signInAs(page, KIM);
  await ownSite.signInAs(page, OLIVE);
  const id = hailJob(ownSite, `Carol Claim ${info.project.name}`);
  const leadPage = `${ownSite.baseURL}/admin/leads/${id}`;
  await page.goto(leadPage);
  const claim = page.getByRole("region", { name: "Insurance claim" });

  // Marked as a claim: without the claim number the form says so, in the page.
  await claim.getByText("Mark this lead as an insurance claim").click();
  await claim.getByLabel("Insurance company").fill("State Farm");
  await claim.getByLabel("Adjuster's name").fill("Pat Adjuster");
  await claim.getByLabel("Adjuster's phone").fill("(316) 555-0142");
  await claim.getByLabel("Adjuster's email").fill("pat.adjuster@statefarm.example");
  await claim.getByLabel("Deductible ($)").fill("1,000");
  await claim.getByRole("button", { name: "Mark as an insurance claim" }).click();
  await expect(claim.getByText("Please write the claim number")).toBeVisible();
  // Without scripts the refused form is its own page, with what was typed kept.
  await expect(claim.getByLabel("Insurance company")).toHaveValue("State Farm");
  await claim.getByLabel("Claim number").fill("12-345");
  await claim.getByRole("button", { name: "Mark as an insurance claim" }).click();
  await expect(page.getByText("Marked as an insurance claim").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}(#claim)?$`));
  const facts = claim.getByTestId("claim-facts");
  await expect(facts).toContainText("State Farm");
  await expect(facts).toContainText("12-345");
  await expect(facts).toContainText("$1,000.00");
  await expect(claim.getByRole("link", { name: "(316) 555-0142" })).toHaveAttribute("href", "tel:+13165550142");

  // The adjuster meeting, booked as any visit is.
  const schedule = page.getByRole("region", { name: "Schedule" });
  const book = schedule.locator("form").filter({ has: page.getByRole("button", { name: "Book it" }) });
  await book.getByLabel("What").selectOption({ label: "Adjuster meeting" });
  await book.getByLabel("Day", { exact: true }).fill(addDays(businessToday(), 3));
  await book.getByLabel("Time (Kansas)").fill("10:00");
  await book.getByLabel("Who goes").selectOption({ label: KIM.name });
  await book.getByRole("button", { name: "Book it" }).click();
  await expect(page.getByText(/^Adjuster meeting booked/).first()).toBeVisible();
  await expect(schedule.getByRole("list", { name: "Upcoming visits" })).toContainText("Adjuster meeting");

  // The carrier's scope of loss, kept on the claim.
  await claim.getByText("Add a file").click();
  await claim.getByLabel("What it is").selectOption({ label: "Scope of loss" });
  await claim
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "State Farm scope.pdf", mimeType: "application/pdf", buffer: SCOPE_PDF });
  await claim.getByRole("button", { name: "Add the file" }).click();
  await expect(page.getByText("Scope of loss added").first()).toBeVisible();
  await expect(claim.getByRole("link", { name: "Scope of loss: State Farm scope.pdf" })).toBeVisible();

  // A supplement asked of the carrier, then approved for less than asked.
  await claim.getByText("Add a supplement").click();
  await claim.getByLabel("What is asked of the carrier").fill("Ridge vent");
  await claim.getByLabel("Amount asked ($)").fill("450");
  await claim.getByRole("button", { name: "Add the supplement" }).click();
  await expect(page.getByText("Supplement added").first()).toBeVisible();
  const supplements = claim.getByRole("list", { name: "Supplements" });
  await expect(supplements).toContainText("Submitted");
  await supplements.getByText("Record the carrier's answer").click();
  const answer = supplements.getByRole("form", { name: "The carrier's answer on Ridge vent" });
  await expect(answer.getByLabel(/Amount approved/)).toHaveValue("450.00");
  await answer.getByLabel(/Amount approved/).fill("400");
  await answer.getByRole("button", { name: "Save the answer" }).click();
  await expect(page.getByText("Supplement marked approved").first()).toBeVisible();
  await expect(supplements).toContainText("Approved");
  await expect(supplements).toContainText("approved $400.00");
  await page.screenshot({ path: info.outputPath("claim-card-office.png"), fullPage: true });

  // Kim, who goes on the roof: who the carrier and adjuster are, the scope, and no money.
  await ownSite.signInAs(page, KIM);
  await page.goto(leadPage);
  await expect(facts).toContainText("State Farm");
  await expect(facts).toContainText("12-345");
  await expect(claim.getByRole("link", { name: "pat.adjuster@statefarm.example" })).toHaveAttribute(
    "href",
    "mailto:pat.adjuster@statefarm.example",
  );
  await expect(claim.getByRole("link", { name: "Scope of loss: State Farm scope.pdf" })).toBeVisible();
  await expect(claim).not.toContainText("$");
  await expect(claim).not.toContainText("Deductible");
  await expect(claim).not.toContainText("Ridge vent");
  await expect(claim.getByRole("button")).toHaveCount(0);
  if (js) await expect(page.getByRole("region", { name: "Schedule" })).toContainText("Adjuster meeting");

  // On My day, the meeting's card says whose claim it is and who the adjuster is, a tap away.
  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  const meeting = page.getByRole("listitem").filter({ hasText: "Adjuster meeting" });
  const onCard = meeting.getByRole("region", { name: "Insurance claim" });
  await expect(onCard).toContainText("State Farm");
  await expect(onCard).toContainText("12-345");
  await expect(onCard).toContainText("Pat Adjuster");
  await expect(onCard.getByRole("link", { name: "(316) 555-0142" })).toHaveAttribute("href", "tel:+13165550142");
  await expect(onCard).not.toContainText("$");
  await page.screenshot({ path: info.outputPath("my-day-adjuster-meeting.png"), fullPage: true });
});
