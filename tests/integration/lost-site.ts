import fs from "node:fs";
import path from "node:path";
import { actorOf } from "~/lib/actor";
import { formatInvoiceNumber } from "~/lib/invoice";
import { OFFSITE_MESSAGES } from "~/lib/offsite";
import { upsertUser } from "~/models/user.server";
import { paths } from "~/server/env.server";
import { privateUploadsDir } from "~/server/storage.server";
import { setUpOffsite } from "~/services/offsite.server";
import { leadWithPaidDeposit } from "./paid-deposit";

/**
 * The disaster off-site copies are for (decision 0090): the site that is lost, what it held,
 * and how a new server is told where its copies are. The terminal's restore, the first start
 * that restores and the container's test all read it here, so each checks the same facts.
 */

export const PASSPHRASE = "wellington roofs since 1998";
export const OWNER = { email: "owner@example.com", password: "owner-password-long" };
/** A picture in each folder a backup carries; where the site serves it, and what it holds. */
export const PICTURES = {
  public: { file: "aaaaaaaaaaaaaaaaaaaaaaaa-800.webp", served: "/uploads/", text: "the portfolio picture" },
  private: { file: "bbbbbbbbbbbbbbbbbbbbbbbb.jpg", served: "/admin/leads/photos/", text: "Karen's hail photo" },
} as const;
const FOLDER = "site";

/** Where the fake S3 listens, and its keys: what the owner writes down for a new server. */
export type StoragePlace = {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

/**
 * The site on this process's database and folders: its owner, Karen Miller's job with an
 * invoice and a payment, a public and a private picture, and off-site copies turned on.
 * Sending a copy is the caller's: in this process, or by the container's own backup.
 */
export async function makeLostSite(storage: StoragePlace) {
  const { user } = await upsertUser(OWNER.email, OWNER.password);
  const { invoice } = leadWithPaidDeposit(actorOf({ userId: user.id, name: "Owner", email: OWNER.email }));
  fs.mkdirSync(paths.uploads, { recursive: true });
  fs.writeFileSync(path.join(paths.uploads, PICTURES.public.file), PICTURES.public.text);
  fs.mkdirSync(privateUploadsDir, { recursive: true });
  fs.writeFileSync(path.join(privateUploadsDir, PICTURES.private.file), PICTURES.private.text);
  const { OFFSITE_FOLDER: folder, OFFSITE_REGION: region } = offsiteVariables(storage);
  const setUp = await setUpOffsite(
    {
      endpoint: storage.endpoint,
      region,
      bucket: storage.bucket,
      folder,
      ...storage.credentials,
      passphrase: PASSPHRASE,
      passphraseAgain: PASSPHRASE,
    },
    user.id,
  );
  if (!("done" in setUp) || setUp.done !== OFFSITE_MESSAGES.saved)
    throw new Error(`off-site copies: ${JSON.stringify(setUp)}`);
  return { invoiceNumber: formatInvoiceNumber(invoice.number) };
}

/** The OFFSITE_* variables a new server names the storage with (README, "Restore on a new server"). */
export function offsiteVariables(storage: StoragePlace) {
  return {
    OFFSITE_ENDPOINT: storage.endpoint,
    OFFSITE_REGION: "us-east-1",
    OFFSITE_BUCKET: storage.bucket,
    OFFSITE_FOLDER: FOLDER,
    OFFSITE_ACCESS_KEY_ID: storage.credentials.accessKeyId,
    OFFSITE_SECRET_ACCESS_KEY: storage.credentials.secretAccessKey,
  };
}

/**
 * What the restored site running at `url` lacks, as its owner sees it over HTTP: signed in
 * with the old password, Karen's lead, its invoice and payment, and both pictures served.
 * Empty when everything is back.
 */
export async function missingFromRestoredSite(url: string, invoiceNumber: string): Promise<string[]> {
  const signIn = await fetch(`${url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: OWNER.email, password: OWNER.password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  if (signIn.status !== 302 || !cookie) return [`the owner's sign-in (it answered ${signIn.status})`];
  const page = async (pathname: string) => {
    const answer = await fetch(`${url}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const text = await answer.text();
    // React's text separators and entities, so a sentence reads as the owner reads it.
    return { status: answer.status, text: text.replace(/<!-- -->/g, "").replace(/&#x27;|&apos;/g, "'") };
  };
  const missing: string[] = [];
  const list = (await page("/admin/leads")).text;
  // Her lead is the site's only one.
  const leadLink = list.includes("Karen Miller") ? /href="\/admin\/leads\/(\d+)"/.exec(list) : null;
  if (!leadLink) missing.push("Karen Miller's lead in the lead list");
  else {
    const lead = (await page(`/admin/leads/${leadLink[1]}`)).text;
    if (!lead.includes(`Invoice ${invoiceNumber} (deposit,`)) missing.push(`invoice ${invoiceNumber} on her page`);
    if (!lead.includes(`$500.00 received by check no. 1042 on invoice ${invoiceNumber}`))
      missing.push("the $500.00 check payment on her page");
  }
  for (const picture of Object.values(PICTURES)) {
    const served = await page(`${picture.served}${picture.file}`);
    if (served.status !== 200 || served.text !== picture.text)
      missing.push(`the picture ${picture.served}${picture.file}`);
  }
  return missing;
}
