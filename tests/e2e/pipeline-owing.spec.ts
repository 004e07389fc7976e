import { expect, test } from "./own-site";
import { seedWonJob } from "./seed-estimate";

// The pipeline's "Owed on won jobs" a page at a time (20 a page), plain links that
// work with and without scripts, the totals over every job. On a site of its own, so that no
// other test's invoices move the figures while it reads them.

test("the pipeline's owing jobs page with Next and Previous; the total covers them all", async ({
  page: staff,
  ownSite,
}) => {
  for (let i = 0; i < 21; i++)
    seedWonJob(`Owing ${i + 1}`, 100_000 + i * 100, [{ kind: "deposit", state: "sent" }], ownSite.dbPath);
  await ownSite.signIn(staff);
  await staff.goto(`${ownSite.baseURL}/admin/leads/pipeline`);
  const owing = staff.getByRole("region", { name: "Owed on won jobs" });
  // 21 deposits, 30% of $1,000.00 to $1,020.00: $6,363.00 owed, the same on every page.
  await expect(owing.getByRole("definition").first()).toHaveText("$6,363.00");
  await expect(owing.getByRole("listitem")).toHaveCount(20);
  const pages = owing.getByRole("navigation", { name: "Pages of owing jobs" });
  await expect(pages).toContainText(/Page 1 of 2/);
  const first = await owing.getByRole("listitem").first().textContent();
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(pages).toContainText(/Page 2 of 2/);
  expect(new URL(staff.url()).searchParams.get("owing")).toBe("2");
  await expect(owing.getByRole("listitem").first()).not.toHaveText(first!);
  await expect(owing.getByRole("definition").first()).toHaveText("$6,363.00");
  await expect(owing.getByRole("listitem")).toHaveCount(1);
  await expect(owing.getByRole("listitem")).toContainText("Owing 1");
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages).toContainText(/Page 1 of 2/);
  await expect(owing.getByRole("listitem").first()).toHaveText(first!);
});
