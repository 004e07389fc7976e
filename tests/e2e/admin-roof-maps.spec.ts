import fs from "node:fs";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// The maps key is one setting for the whole site, so these run once (desktop), in order.
test.describe.configure({ mode: "serial" });

const SETTINGS = "/admin/roof-measurement?settings";
const KEY = "AIzaSyE2E-test-key-0123456789abcd";

/** Stands in for Google: no request leaves the machine. */
async function fakeGoogle(page: Page, respond: (route: Route) => Promise<void>) {
  const requests: URL[] = [];
  await page.route("https://maps.googleapis.com/**", async (route) => {
    requests.push(new URL(route.request().url()));
    await respond(route);
  });
  return requests;
}

async function saveKey(page: Page) {
  await page.getByLabel("Google Maps API key").fill(KEY);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

/** With scripts the page reloads itself 1000 ms after a save, to try the new key. */
async function saveKeyAndWaitForReload(page: Page) {
  const reloaded = page.waitForEvent("load");
  await saveKey(page);
  await expect(
    page.locator(".Toastify").getByText("API key saved successfully. Refreshing to test connection..."),
  ).toBeVisible();
  await reloaded;
}

test("@desktop @js a refused key shows Auth Error and the way to fix it; Clear removes it", async ({
  adminPage: page,
}) => {
  // Google's script calls gm_authFailure when the key is refused (RefererNotAllowedMapError).
  const requests = await fakeGoogle(page, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.gm_authFailure && window.gm_authFailure();" }),
  );
  await page.goto(SETTINGS);
  await expect(page.getByRole("heading", { name: /Google Maps Settings/ })).toBeVisible();
  await expect(page.getByText("No key saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  expect(requests).toHaveLength(0);

  await saveKeyAndWaitForReload(page);
  await expect(page.getByRole("status").filter({ hasText: "Auth Error" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("key-tail")).toHaveText("••••••••6789abcd");
  await expect(page.getByTestId("key-tail")).not.toContainText("AIza");
  expect(requests.length).toBeGreaterThan(0);
  const script = requests[0].searchParams;
  expect(script.get("key")).toBe(KEY);
  expect(script.get("libraries")).toContain("places");
  expect(script.get("language")).toBe("en");
  expect(script.get("region")).toBe("US");

  // Back on the tool, the failure is spelled out, with the way back to settings.
  await page.goto("/admin/roof-measurement");
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "API key authentication failed. Please check your API key restrictions." }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Open settings" }).click();
  await expect(page.getByRole("tab", { name: "API Key Issue", selected: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Tool" })).toHaveCount(0);

  await page.getByRole("tab", { name: "API Key Settings" }).last().click();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy domain pattern" }).click();
  await expect(page.locator(".Toastify").getByText("Domain pattern copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\*$/);

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.locator(".Toastify").getByText("API key cleared")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No key saved.")).toBeVisible();
});

test("@desktop @js when Google cannot be reached the loader retries 3 times, then says Issues Detected", async ({
  adminPage: page,
  request,
}) => {
  const requests = await fakeGoogle(page, (route) => route.abort("connectionrefused"));
  await page.goto(SETTINGS);
  await saveKeyAndWaitForReload(page);
  await expect(page.getByRole("status").filter({ hasText: "Issues Detected" })).toBeVisible({ timeout: 10_000 });
  // After the reload: the first try and three retries.
  await expect.poll(() => requests.filter((r) => r.searchParams.get("key") === KEY).length).toBeGreaterThanOrEqual(4);
  const afterReload = requests.length;
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Issues Detected" })).toBeVisible({ timeout: 10_000 });
  expect(requests.length - afterReload).toBe(4);

  await page.getByRole("tab", { name: "Google Verification" }).click();
  await page.getByLabel("Google publisher verification code").fill("google-site-verification-e2e");
  await page.getByRole("button", { name: "Save verification code" }).click();
  await expect(page.locator(".Toastify").getByText("Google Publisher Tag saved successfully")).toBeVisible();
  // The home page carries it for Google to read: Google has no session, so it gets the
  // cached page, which the save renewed.
  const home = await request.get("/");
  expect(await home.text()).toContain('<meta name="google-site-verification" content="google-site-verification-e2e"/>');

  await page.getByRole("tab", { name: "API Key Settings" }).first().click();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.locator(".Toastify").getByText("API key cleared")).toBeVisible();
});

test("@desktop @js the key is saved and cleared without scripts too", async ({ browser, baseURL }) => {
  // Its own context with scripts off, in this file so it never races the tests above.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, baseURL!);
  await page.goto(SETTINGS);
  await page.getByLabel("Google Maps API key").fill("  ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // Refused on the field, with conform's marks, as every form says it (decision 0039).
  await expect(page.getByLabel("Google Maps API key")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Google Maps API key")).toHaveAccessibleDescription("Please enter a valid API key");
  await saveKey(page);
  await expect(page.getByRole("status").filter({ hasText: "API key saved successfully" })).toBeVisible();
  await expect(page.getByTestId("key-tail")).toHaveText(/abcd$/);
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("status").filter({ hasText: "API key cleared" })).toBeVisible();
  await expect(page.getByText("No key saved.")).toBeVisible();
  await context.close();
});

// Just enough of the Maps JavaScript API for the tool: Places suggestions and the geocoder.
const FAKE_MAPS_SCRIPT = `(() => {
  const maps = window.google.maps;
  const libs = {
    places: {
      AutocompleteSuggestion: {
        fetchAutocompleteSuggestions: async ({ input, includedRegionCodes }) => ({
          suggestions: includedRegionCodes.includes("us") && input.startsWith("1208")
            ? [{ placePrediction: { placeId: "p1", text: { text: "1208 E Harvey Ave, Wellington, KS 67152, USA" }, mainText: { text: "1208 E Harvey Ave" }, secondaryText: { text: "Wellington, KS, USA" } } }]
            : [],
        }),
      },
    },
    geocoding: { Geocoder: class { async geocode() { return { results: [{ geometry: { location: { lat: () => 37.2653, lng: () => -97.3717 } } }] }; } } },
  };
  maps.places = libs.places;
  maps.importLibrary = async (name) => libs[name];
  maps.__ib__();
})();`;

test("@desktop @js with a working key: pick a suggested address, the satellite top view loads to scale", async ({
  adminPage: page,
}) => {
  const satellite = fs.readFileSync(path.resolve("seed/images/roofing-replacement.webp"));
  await fakeGoogle(page, (route) =>
    new URL(route.request().url()).pathname.startsWith("/maps/api/staticmap")
      ? route.fulfill({ contentType: "image/webp", body: satellite })
      : route.fulfill({ contentType: "text/javascript", body: FAKE_MAPS_SCRIPT }),
  );
  await page.goto(SETTINGS);
  await saveKeyAndWaitForReload(page);
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Tool" }).click();

  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator(".Toastify").getByText("Please enter an address to search")).toBeVisible();

  await page.getByLabel("Search address").fill("1208 E Harv");
  await page.getByRole("option", { name: /1208 E Harvey Ave/ }).click();
  await expect(page.locator(".Toastify").getByText("Address found and image loaded")).toBeVisible();
  await expect(page.getByLabel("Street")).toHaveValue("1208 E Harvey Ave");
  await expect(page.getByLabel("City")).toHaveValue("Wellington");
  await expect(page.getByLabel("State")).toHaveValue("KS");
  await expect(page.getByLabel("ZIP")).toHaveValue("67152");
  const canvas = page.getByTestId("roof-canvas");
  await expect(canvas.locator("image")).toHaveAttribute("href", /staticmap\?.*maptype=satellite/);
  // Zoom 20 at latitude 37.27: 0.39 ft per picture pixel, 0.312 per drawing unit.
  await expect(canvas).toContainText("Scale: Satellite zoom 20, 1 px = 0.31 ft");

  await page.getByLabel("Customer name").fill("Satellite customer");
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.locator(".Toastify").getByText("Customer data saved successfully")).toBeVisible();
  await page.reload();
  await expect(canvas.locator("image")).toHaveAttribute("href", /staticmap\?.*center=37\.2653%2C-97\.3717/);

  await page.goto(SETTINGS);
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.locator(".Toastify").getByText("API key cleared")).toBeVisible();
});
