import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { startFakeS3 } from "../fake-s3";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The owner turns off-site copies on from the Backups page (a local S3 stands in for
// Backblaze), is told plainly what is wrong with the form, and sees each backup go there.
// Scripts on and off: every answer is the page again or a redirect with a notice.

const PASSPHRASE = "correct horse battery staple";

test("the owner sends every backup off-site, encrypted with a passphrase he keeps", async ({ page, ownSite }, info) => {
  const s3 = await startFakeS3();
  try {
    const notice = (text: string, role: "status" | "alert" = "status") =>
      jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole(role).filter({ hasText: text });
    await ownSite.signIn(page);
    await page.goto(`${ownSite.baseURL}/admin/backups`);
    const panel = page.getByRole("region", { name: "Off-site copies" });
    await expect(panel).toContainText("any S3-compatible storage works");
    const form = panel.getByRole("form", { name: "Where off-site copies go" });
    await form.getByLabel("Storage address (endpoint)").fill(s3.endpoint);
    await expect(form.getByLabel("Region")).toHaveValue("us-east-1");
    await form.getByLabel("Bucket", { exact: true }).fill(s3.bucket);
    await form.getByLabel("Folder in the bucket (optional)").fill("prairie-ridge");
    await form.getByLabel("Access key ID").fill(s3.credentials.accessKeyId);
    await form.getByLabel("Secret access key").fill(s3.credentials.secretAccessKey);
    await form.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await form.getByLabel("Passphrase again").fill(`${PASSPHRASE}.`);
    await form.getByRole("button", { name: "Turn off-site copies on" }).click();

    // Told beside the field, with what was typed kept. The server never sends a secret back:
    // a page without scripts comes back with those fields empty (with scripts, the browser
    // keeps what the owner typed).
    await expect(form.getByText("The two passphrases are not the same")).toBeVisible();
    await expect(form.getByLabel("Storage address (endpoint)")).toHaveValue(s3.endpoint);
    const typedBack = jsEnabled(info) ? s3.credentials.secretAccessKey : "";
    await expect(form.getByLabel("Secret access key")).toHaveValue(typedBack);
    const html = await page.content();
    expect(html).not.toContain(s3.credentials.secretAccessKey);
    expect(html).not.toContain(PASSPHRASE);

    await form.getByLabel("Secret access key").fill(s3.credentials.secretAccessKey);
    await form.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await form.getByLabel("Passphrase again").fill(PASSPHRASE);
    await form.getByRole("button", { name: "Turn off-site copies on" }).click();
    // The key is locked with the passphrase by scrypt, slow on purpose (a few seconds on a
    // busy 2-core machine): slow to guess, too.
    await expect(notice("Off-site copies are on. Every backup is now also sent there.")).toBeVisible({
      timeout: 30_000,
    });
    const state = page.getByTestId("offsite-state");
    await expect(state).toContainText(
      `On. Every backup is also sent, encrypted, to the bucket ${s3.bucket} at ${new URL(s3.endpoint).host} (folder prairie-ridge).`,
    );
    await expect(state).toContainText("Nothing sent yet.");

    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(notice("Backup made")).toBeVisible();
    // The sending runs after the answer: the page says so once it is done.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("offsite-state")).toContainText(/Last sent .*: the backup of .*, \d+ files \(/, {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    const listed = await s3.client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "prairie-ridge/backups/" }),
    );
    expect(listed.Contents?.map((o) => o.Key?.split("/").at(-1)).sort()).toEqual([
      "app.db.age",
      "manifest.json.age",
      "pictures.txt",
    ]);

    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(notice("Connected: the storage took a test file and removed it.")).toBeVisible();

    // The storage gone: the check says so in plain words.
    await s3.stop();
    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(notice(`Could not reach ${new URL(s3.endpoint).host}. Check the address.`, "alert")).toBeVisible();
  } finally {
    await s3.stop().catch(() => undefined);
  }
});
