import type { Locator, Page } from "@playwright/test";
import { scriptsStarted } from "./fixtures";

/**
 * Where a point of the 800 x 600 drawing surface is on the screen, as the browser maps it.
 * Once the page's scripts have run: before, the image card lists both views' inputs and is
 * taller, so the surface moves when they run. A traced 40 x 30 ft rectangle once read
 * 1,458 sq ft in CI.
 */
export async function screenPoint(canvas: Locator, x: number, y: number): Promise<[number, number]> {
  await scriptsStarted(canvas.page());
  await canvas.scrollIntoViewIfNeeded();
  return canvas.evaluate(
    (svg, [px, py]) => {
      const p = new DOMPoint(px, py).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
      return [p.x, p.y] as [number, number];
    },
    [x, y],
  );
}

export async function clickAt(canvas: Locator, x: number, y: number) {
  await canvas.page().mouse.click(...(await screenPoint(canvas, x, y)));
}

/** The fallback to the scale line: typed as a ratio, feet of roof per foot of picture. */
export async function typeScale(page: Page, ratio: string) {
  await page.getByText("Or type the scale").click();
  await page.getByLabel("Scale, like 1:100 (feet of roof per foot of picture)").fill(ratio);
  await page.getByRole("button", { name: "Use this scale" }).click();
}

/**
 * Follows the header's Projects link with unsaved work on the page and answers "stay" to
 * the question asked; resolves to the question's words.
 */
export async function leaveAndStay(page: Page): Promise<() => string> {
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Projects" }).click();
  return () => question;
}
