import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";

test("add, edit and delete a testimonial, each change visible on the public site", async ({
  adminPage: page,
}, info) => {
  const name = `Pat ${info.project.name}`;
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });

  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: "Add New Testimonial" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await expect(editor).toBeVisible();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Name and quote are required");

  await editor.getByLabel("Name").fill(name);
  await editor.getByLabel("Quote").fill("They fixed our porch roof in one afternoon.");
  await editor.getByLabel("Rating (1-5)").fill("6");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("Rating must be a whole number from 1 to 5")).toBeVisible();
  await editor.getByLabel("Rating (1-5)").fill("4");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(notice("Testimonial added successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("—");
  await expect(row.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();

  await page.goto("/testimonials");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("They fixed our porch roof in one afternoon.");
  await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();

  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await edit.getByLabel("Quote").fill("New gutters, no more puddles by the door.");
  await edit.getByLabel("Location").fill("Mulvane, KS");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(notice("Testimonial updated successfully")).toBeVisible();
  await page.goto("/testimonials");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText(
    "New gutters, no more puddles by the door.",
  );
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Mulvane, KS");

  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Testimonial" });
  await expect(confirm).toContainText("Are you sure you want to delete this testimonial?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(notice("Testimonial deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.goto("/testimonials");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("cancel closes the editor without saving", async ({ adminPage: page }) => {
  await page.goto("/admin/testimonials?edit=new");
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await editor.getByLabel("Name").fill("Never saved");
  await editor.getByRole("link", { name: "Cancel" }).first().click();
  await expect(editor).toBeHidden();
  await expect(page.getByText("Never saved")).toHaveCount(0);
});
