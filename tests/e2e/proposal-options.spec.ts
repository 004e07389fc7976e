import { extractText, getDocumentProxy } from "unpdf";
import { expect, signIn, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedLeadWithEstimate } from "./seed-estimate";

// A proposal with options (decision 0108): staff offer the three shingle lines and two of
// the owner's add-ons; the homeowner, on a phone, picks the better line and the ridge vent,
// sees the total (without scripts the server works it out on "See my total"), and accepts.
// The estimate ($3,217.50 before 7.5 % tax) is the better line; the owner's starting add-ons
// price the ridge vent at $450: $3,667.50 + $275.06 tax = $3,942.56.

test("@phone the homeowner picks the better option and one add-on, sees the total, and accepts it", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Rosa Vega ${stamp}`;
  const leadId = seedLeadWithEstimate(name, `vega-${stamp}@example.com`, { roof: true });

  // Staff, at their desk, offer every shingle line and two add-ons, unit prices shown.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signIn(staff, baseURL!);
  await staff.goto(`/admin/leads/${leadId}`);
  const proposals = staff.getByRole("region", { name: "Proposals" });
  const offered = proposals.getByRole("group", { name: "Options the homeowner chooses from" });
  for (const box of await offered.getByRole("checkbox").all()) await box.check();
  const addOns = proposals.getByRole("group", { name: /Add-ons offered/ });
  await addOns.getByRole("checkbox", { name: /Gutter guards/ }).check();
  await addOns.getByRole("checkbox", { name: /Ridge vent upgrade/ }).check();
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  const link = await proposals.getByLabel("Link for the homeowner").inputValue();
  await expect(proposals).toContainText("3 options, 2 add-ons");
  await staffContext.close();

  await homeowner.goto(new URL(link).pathname);
  const summary = homeowner.getByRole("region", { name: "Summary" });
  // Without scripts nothing is totaled before he asks: the lowest option, "from"; with them, the pick.
  await expect(summary).toContainText(jsEnabled(info) ? "Total$3,458.81" : "From");
  await expect(summary).toContainText("3 shingle options");
  const form = homeowner.getByRole("form", { name: "Choose and accept" });
  const better = form.getByRole("radio", { name: /Architectural shingles/ });
  // The estimate's own line is the one picked to start with, at the estimate's total.
  await expect(better).toBeChecked();
  await expect(form.getByText("$3,458.81").first()).toBeVisible();
  await form.getByRole("radio", { name: /3-tab shingles/ }).check();
  await better.check();
  await form.getByRole("checkbox", { name: /Ridge vent upgrade/ }).check();

  const total = form.getByRole("region", { name: "Your total" });
  if (jsEnabled(info)) {
    // The total follows the pick in the page; there is no extra step.
    await expect(form.getByRole("button", { name: "See my total" })).toHaveCount(0);
  } else {
    await expect(form.getByLabel("Your full name")).toHaveCount(0);
    await form.getByRole("button", { name: "See my total" }).click();
    // The page comes back at the total, not at its top.
    await expect(homeowner).toHaveURL(/#total$/);
    await expect(total).toBeInViewport();
    await expect(form.getByRole("radio", { name: /Architectural shingles/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /Ridge vent upgrade/ })).toBeChecked();
  }
  await expect(total).toContainText("Ridge vent upgrade");
  await expect(total.getByTestId("choice-total")).toHaveText("$3,942.56");
  await expect(summary).toContainText("$3,942.56");
  // The terms state the deposit on that total, as the signed PDF will.
  const terms = await homeowner.getByRole("region", { name: "Terms" }).innerText();
  const payment = terms.split("\n").find((line) => line.startsWith("Payment:"))!;
  expect(payment).toMatch(/of the total \(\$[\d,.]+\)/);

  if (jsEnabled(info)) await homeowner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await form.getByLabel("Your full name").fill(name);
  await form.getByLabel("I have read the proposal and agree to its price and terms.").check();
  await form.getByRole("button", { name: "Accept proposal" }).click();
  await expect(homeowner.getByRole("status", { name: "Accepted" })).toContainText(`Accepted by ${name}`);
  await expect(summary).toContainText("$3,942.56");
  await expect(summary).toContainText("Architectural shingles");
  if (jsEnabled(info))
    expect(await homeowner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The signed PDF has the choice, its total and the same deposit.
  const href = await homeowner.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  const pdf = await homeowner.request.get(href!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  const flat = text.replace(/\s+/g, " ");
  expect(flat).toContain("Architectural shingles");
  expect(flat).toContain("Ridge vent upgrade");
  expect(flat).not.toContain("Gutter guards");
  expect(flat).toContain("$3,942.56");
  expect(flat).toContain(/\(\$[\d,.]+\)/.exec(payment)![0]);
  expect(flat).toContain(`Accepted online by ${name}`);
});
