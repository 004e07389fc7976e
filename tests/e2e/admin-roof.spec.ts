import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";

test("@js free text in the address search fills the address parts", async ({ adminPage: page }) => {
  await page.goto("/admin/roof-measurement");
  await page.getByLabel("Search address").fill("412 N Main St, Wellington, KS 67152-1234");
  await page.getByLabel("Search address").press("Enter");
  await expect(page.getByLabel("Street")).toHaveValue("412 N Main St");
  await expect(page.getByLabel("City")).toHaveValue("Wellington");
  await expect(page.getByLabel("State")).toHaveValue("KS");
  await expect(page.getByLabel("ZIP")).toHaveValue("67152-1234");
  // No maps key here, so there is no satellite picture to show.
  await expect(page.locator(".Toastify").getByText("Address found but no image could be loaded")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Customer" })).toBeEnabled();
});

test("save a roof customer with typed measurements, then find it in Saved Customers", async ({
  adminPage: page,
}, info) => {
  const name = `Hoang ${info.project.name}`;
  await page.goto("/admin/roof-measurement");
  if (jsEnabled(info)) {
    // With scripts the button waits for street and city; the server still checks (nojs below).
    await expect(page.getByRole("button", { name: "Save Customer" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Save Customer" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "street" })).toHaveText(
      "Please provide at least street and city information",
    );
  }

  await page.getByLabel("Customer name").fill(name);
  await page.getByLabel("Street").fill("412 N Main St");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("State").fill("KS");
  await page.getByLabel("ZIP").fill("67152");
  await page.getByLabel("Length (ft)").fill("40.4");
  await page.getByLabel("Width (ft)").fill("30");
  await page.getByRole("button", { name: "Save Customer" }).click();
  const saved = jsEnabled(info)
    ? page.locator(".Toastify").getByText("Customer data saved successfully")
    : page.getByRole("status").filter({ hasText: "Customer data saved successfully" });
  await expect(saved).toBeVisible();
  // Roof area left empty: length x width (40 x 30, typed values are whole feet) at the 4/12 pitch.
  await expect(page.getByLabel("Roof area (sq ft)")).toHaveValue("1265");

  const list = page.getByRole("region", { name: "Saved Customers" });
  const entry = list.getByRole("link").filter({ hasText: name });
  await expect(entry).toContainText("412 N Main St, Wellington, KS 67152");
  await expect(entry).toContainText("1,265 sq ft");

  await page.goto("/admin/roof-measurement");
  await list.getByRole("link").filter({ hasText: name }).click();
  await expect(page.getByLabel("Customer name")).toHaveValue(name);
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText("Customer data loaded")).toBeVisible();

  await page.goto("/admin/roof-measurement?customer=999999");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to load customer data" })).toBeVisible();
});
