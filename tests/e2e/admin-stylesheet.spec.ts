import { expect, test } from "./fixtures";

// Admin pages link the whole stylesheet instead of inlining it (decision 0060).
const ADMIN_SHEET = /\/assets\/app-[\w-]+\.css$/;
const INK = "rgb(28, 36, 48)";

test("an admin page is styled without scripts, by the one stylesheet it links @nojs", async ({ adminPage: page }) => {
  const sheets: string[] = [];
  page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
  const response = await page.goto("/admin");
  // The page itself no longer carries the 76 KB stylesheet.
  expect((await response!.text()).length).toBeLessThan(60_000);
  await expect(page.getByTestId("admin-title")).toBeVisible();
  await expect(page.locator("header").first()).toHaveCSS("background-color", INK);
  await expect(page.getByTestId("admin-title")).toHaveCSS("font-weight", "700");
  expect(sheets).toEqual([expect.stringMatching(ADMIN_SHEET)]);
});

test("moving from a public page to the admin shows it styled from its first frame @desktop @js", async ({
  adminPage: page,
}) => {
  // A slow stylesheet: the admin must wait for it rather than show unstyled markup.
  await page.route(ADMIN_SHEET, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto("/");
  await page.evaluate(() => {
    const seen = ((window as unknown as { adminFirstSeen: string[] }).adminFirstSeen = [] as string[]);
    // Mutation callbacks run before the browser paints: what they see is the first frame.
    new MutationObserver(() => {
      const title = document.querySelector('[data-testid="admin-title"]');
      if (!title || seen.length) return;
      const linked = [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/app-"));
      seen.push(`${linked ? "styled" : "unstyled"} ${getComputedStyle(title.closest("header")!).backgroundColor}`);
    }).observe(document.body, { childList: true, subtree: true });
    void (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate("/admin");
  });
  await expect(page.getByTestId("admin-title")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { adminFirstSeen: string[] }).adminFirstSeen)).toEqual([
    `styled ${INK}`,
  ]);
  // Back on the public site the stylesheet stays: nothing is fetched or restyled again.
  await page.goBack();
  await expect(page.locator("footer")).toHaveCSS("background-color", INK);
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(1);
});
