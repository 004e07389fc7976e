import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { queueKey, sendOutcome } from "~/lib/offline";

/**
 * Photos taken on a job wait on the phone (IndexedDB) until the server has them (decision
 * 0099): every photo the lead page's form takes goes here first, with signal or without,
 * and is sent from here, so one way is tested and nothing is lost when the truck drives out
 * of range half-way. Each carries its own key: a send that reached the server but whose
 * answer was lost is sent again and kept once. Each is its taker's: another person signed
 * in on the same phone neither sees nor sends them.
 */
export type QueuedPhoto = {
  key: string;
  /** Who took it: only their session sends it. */
  userId: number;
  /** Where it goes (the lead's photos route) and which lead, for the lead page's own count. */
  action: string;
  leadId: number;
  file: Blob;
  fileName: string;
  tag: string;
  caption: string;
  takenAt: number;
  /** The server's words when it will never take it (too big, not a picture); null while waiting. */
  refused: string | null;
};

interface QueueDb extends DBSchema {
  photos: { key: string; value: QueuedPhoto; indexes: { byUser: number } };
}

const CHANGED = "photo-queue-changed";
let db: Promise<IDBPDatabase<QueueDb>> | null = null;

function open() {
  db ??= openDB<QueueDb>("crew-queue", 1, {
    upgrade(database) {
      database.createObjectStore("photos", { keyPath: "key" }).createIndex("byUser", "userId");
    },
  });
  return db;
}

/** Tells every list and count on the page (and the other tabs) that the queue changed. */
function changed() {
  window.dispatchEvent(new Event(CHANGED));
  new BroadcastChannel(CHANGED).postMessage(null);
}

/** Calls `listener` whenever this page or another tab changes the queue; returns the way to stop. */
export function onQueueChange(listener: () => void): () => void {
  const channel = new BroadcastChannel(CHANGED);
  channel.onmessage = listener;
  window.addEventListener(CHANGED, listener);
  return () => {
    channel.close();
    window.removeEventListener(CHANGED, listener);
  };
}

/** This person's photos on this phone, oldest first. */
export async function queuedPhotos(userId: number): Promise<QueuedPhoto[]> {
  const all = await (await open()).getAllFromIndex("photos", "byUser", userId);
  return all.sort((a, b) => a.takenAt - b.takenAt);
}

/** Puts the form's photos in the queue, each under its own key. */
export async function queuePhotos(photos: Omit<QueuedPhoto, "key" | "refused">[]): Promise<void> {
  const store = (await open()).transaction("photos", "readwrite");
  await Promise.all([
    ...photos.map((photo) => store.store.put({ ...photo, key: queueKey(crypto.randomUUID()), refused: null })),
    store.done,
  ]);
  changed();
}

/** Takes a photo off the phone (sent, or a refused one its taker lets go). */
export async function removeQueuedPhoto(key: string): Promise<void> {
  await (await open()).delete("photos", key);
  changed();
}

/** Keeps a photo the server will never take, with its words, until its taker removes it. */
async function markRefused(photo: QueuedPhoto, message: string) {
  await (await open()).put("photos", { ...photo, refused: message });
  changed();
}

/** What sending the queue came to: how many went, and whether the session is needed again. */
export type SendReport = { sent: number; signedOut: boolean; offline: boolean };

let sending: Promise<SendReport> | null = null;

/**
 * Sends this person's waiting photos, one at a time (a phone on one bar of signal does
 * better with one upload than with five at once). Stops at the first that gets no answer:
 * the signal is gone, the rest wait for it too. One run at a time per page.
 */
export function sendQueuedPhotos(userId: number): Promise<SendReport> {
  sending ??= sendAll(userId).finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll(userId: number): Promise<SendReport> {
  const report: SendReport = { sent: 0, signedOut: false, offline: false };
  for (const photo of await queuedPhotos(userId)) {
    if (photo.refused) continue;
    const body = new FormData();
    body.set("photo", new File([photo.file], photo.fileName, { type: photo.file.type }));
    body.set("tag", photo.tag);
    body.set("caption", photo.caption);
    body.set("key", photo.key);
    body.set("takenAt", String(photo.takenAt));
    let status: number | null = null;
    let error = "";
    try {
      const response = await fetch(photo.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      status = response.status;
      if (!response.ok) error = await messageOf(response);
    } catch {
      status = null;
    }
    const outcome = sendOutcome(status);
    if (outcome === "sent") {
      await removeQueuedPhoto(photo.key);
      report.sent += 1;
    } else if (outcome === "refused") {
      await markRefused(photo, error || "The server could not take this photo.");
    } else if (outcome === "signed-out") {
      report.signedOut = true;
      break;
    } else {
      report.offline = true;
      break;
    }
  }
  return report;
}

async function messageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : "";
}
