import fs from "node:fs";
import { expect, type Download, type Page, type TestInfo } from "@playwright/test";

export const COMPANY = "Prairie Ridge Framing & Roofing";

/** The owner's admin menu, in order, as the header shows it. */
export const ADMIN_MENU = [
  "Today",
  "My day",
  /^Leads/,
  "Schedule",
  "Reports",
  "Projects",
  "Images",
  "Testimonials",
  "Pictures & Video",
  "Words & Facts",
  "Contact & Business",
  "Roof Tool",
  "Pricing",
  "Team",
  "Backups",
];

export const jsEnabled = (info: TestInfo) => !info.project.name.endsWith("nojs");
export const isPhone = (info: TestInfo) => info.project.name.startsWith("phone");

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Opens a header dropdown the way a visitor would on this screen and returns its links' container. */
export async function openNavGroup(page: Page, info: TestInfo, group: string) {
  if (isPhone(info)) {
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await page.getByLabel("Menu", { exact: true }).click();
    await menu.getByText(group, { exact: true }).click();
    return menu;
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole(group === "Service Areas" ? "button" : "link", { name: group }).hover();
  return nav.getByRole("list", { name: `${group} menu` });
}

/** The homeowner signs the proposal open on `page` in `name`, as its form asks, and sees it accepted. */
export async function acceptProposal(page: Page, name: string) {
  const accept = page.getByRole("form", { name: "Accept the proposal" });
  await accept.getByLabel("Your full name").fill(name);
  await accept.getByLabel("I have read the proposal and agree to its price and terms.").check();
  await accept.getByRole("button", { name: "Accept proposal" }).click();
  await expect(page.getByRole("status", { name: "Accepted" })).toContainText(`Accepted by ${name}`);
}

/** A download's bytes, once the browser has it whole. */
export async function readDownload(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}
