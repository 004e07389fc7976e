import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { OFFLINE_OWNER_KEY, QUEUED_FOR_HEADER, queueKey, sendOutcome } from "~/lib/offline";

/**
 * Photos taken on a job, and notes written without signal, wait on the phone (IndexedDB)
 * until the server has them (decision 0099): every photo the lead page's form takes goes
 * here first, with signal or without, and is sent from here, so one way is tested and
 * nothing is lost when the truck drives out of range half-way. Each photo carries its own
 * key: a send that reached the server but whose answer was lost is sent again and kept
 * once (a note is kept once by its words). Each is its writer's: another person signed in
 * on the same phone neither sees nor sends them.
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

/** A note written on a lead's page without signal (a change of status waits for signal). */
export type QueuedNote = {
  key: string;
  userId: number;
  /** The lead's notes route. */
  action: string;
  leadId: number;
  body: string;
  takenAt: number;
  refused: string | null;
};

interface QueueDb extends DBSchema {
  photos: { key: string; value: QueuedPhoto; indexes: { byUser: number } };
  notes: { key: string; value: QueuedNote; indexes: { byUser: number } };
}

const CHANGED = "offline-queue-changed";
let db: Promise<IDBPDatabase<QueueDb>> | null = null;

function open() {
  db ??= openDB<QueueDb>("crew-queue", 2, {
    upgrade(database, from) {
      if (from < 1) database.createObjectStore("photos", { keyPath: "key" }).createIndex("byUser", "userId");
      if (from < 2) database.createObjectStore("notes", { keyPath: "key" }).createIndex("byUser", "userId");
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

/** This person's notes on this phone, oldest first. */
export async function queuedNotes(userId: number): Promise<QueuedNote[]> {
  const all = await (await open()).getAllFromIndex("notes", "byUser", userId);
  return all.sort((a, b) => a.takenAt - b.takenAt);
}

/** Keeps a note written without signal, to be sent with the photos. */
export async function queueNote(note: Omit<QueuedNote, "key" | "refused">): Promise<void> {
  await (await open()).put("notes", { ...note, key: queueKey(crypto.randomUUID()), refused: null });
  changed();
}

type Store = "photos" | "notes";

/** Takes a photo or a note off the phone (sent, or a refused one its writer lets go). */
export async function removeQueued(store: Store, key: string): Promise<void> {
  await (await open()).delete(store, key);
  changed();
}

/** Keeps what the server will never take, with its words, until its writer removes it. */
async function markRefused(store: Store, item: QueuedPhoto | QueuedNote, message: string) {
  const database = await open();
  if (store === "photos") await database.put("photos", { ...(item as QueuedPhoto), refused: message });
  else await database.put("notes", { ...(item as QueuedNote), refused: message });
  changed();
}

/** What sending the queue came to: how many photos and notes went, and whether the session is needed again. */
export type SendReport = { sent: number; notes: number; signedOut: boolean; offline: boolean };

let sending: Promise<SendReport> | null = null;

/**
 * Sends this person's waiting photos, then notes, one at a time (a phone on one bar of signal does
 * better with one upload than with five at once). Stops at the first that gets no answer:
 * the signal is gone, the rest wait for it too. One run at a time per page.
 */
export function sendQueued(userId: number): Promise<SendReport> {
  sending ??= oneTabAtATime(() => sendAll(userId)).finally(() => {
    sending = null;
  });
  return sending;
}

const NOTHING_SENT: SendReport = { sent: 0, notes: 0, signedOut: false, offline: false };

/** Two tabs of the admin on one phone send the queue one at a time, never the same photo twice at once. */
async function oneTabAtATime(run: () => Promise<SendReport>): Promise<SendReport> {
  if (!("locks" in navigator)) return run();
  return navigator.locks.request("crew-queue", { ifAvailable: true }, (lock) => (lock ? run() : NOTHING_SENT));
}

async function sendAll(userId: number): Promise<SendReport> {
  const report: SendReport = { sent: 0, notes: 0, signedOut: false, offline: false };
  const waiting = [
    ...(await queuedPhotos(userId)).map((photo) => ({ store: "photos" as const, item: photo, body: photoBody(photo) })),
    ...(await queuedNotes(userId)).map((note) => ({ store: "notes" as const, item: note, body: noteBody(note) })),
  ];
  for (const { store, item, body } of waiting) {
    if (item.refused) continue;
    // Signed out (or someone else signed in) half-way: the rest waits for its taker.
    if (localStorage.getItem(OFFLINE_OWNER_KEY) !== String(userId)) break;
    let status: number | null = null;
    let error = "";
    try {
      const response = await fetch(item.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json", [QUEUED_FOR_HEADER]: String(userId) },
        credentials: "same-origin",
      });
      status = response.status;
      if (!response.ok) error = await messageOf(response);
    } catch {
      status = null;
    }
    const outcome = sendOutcome(status);
    if (outcome === "sent") {
      await removeQueued(store, item.key);
      if (store === "photos") report.sent += 1;
      else report.notes += 1;
    } else if (outcome === "refused") {
      await markRefused(store, item, error || "The server could not take it.");
    } else if (outcome === "signed-out") {
      report.signedOut = true;
      break;
    } else if (status === null) {
      // No answer: the signal is gone, the rest waits for it too.
      report.offline = true;
      break;
    }
    // The server failed on this one: the next may go; this one is tried on the next round.
  }
  return report;
}

function photoBody(photo: QueuedPhoto): FormData {
  const body = new FormData();
  body.set("photo", new File([photo.file], photo.fileName, { type: photo.file.type }));
  body.set("tag", photo.tag);
  body.set("caption", photo.caption);
  body.set("key", photo.key);
  body.set("takenAt", String(photo.takenAt));
  return body;
}

function noteBody(note: QueuedNote): URLSearchParams {
  return new URLSearchParams({ note: note.body });
}

async function messageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : "";
}
