import { CloudOff, LoaderCircle, Upload } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { href, useRevalidator } from "react-router";
import { toast } from "react-toastify/unstyled";
import { JOB_PHOTO_MESSAGES } from "~/lib/job-photos";
import { LEAD_MESSAGES } from "~/lib/lead-status";
import { OFFLINE_CACHE, OFFLINE_OWNER_KEY, SERVICE_WORKER_URL, waitingText } from "~/lib/offline";
import {
  onQueueChange,
  queuedNotes,
  queuedPhotos,
  removeQueued,
  sendQueued,
  type QueuedNote,
  type QueuedPhoto,
} from "./offline-queue";

/**
 * The admin on a phone without signal (decision 0099): the service worker, the kept pages
 * belonging to one person only, and the photos waiting on the phone, on every admin page.
 */

/** Forgets every page the phone kept: on the sign-in page, whoever signs in next. */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches === "undefined") return;
  localStorage.removeItem(OFFLINE_OWNER_KEY);
  await caches.delete(OFFLINE_CACHE);
}

/**
 * Keeps these admin pages on the phone now, so they open later without signal (My day keeps
 * the leads of the coming jobs). Only a page the server gave (a redirect to the sign-in page
 * is not kept); failures are left for the next visit.
 */
export async function keepForOffline(paths: string[]): Promise<void> {
  if (typeof caches === "undefined" || !navigator.onLine) return;
  const cache = await caches.open(OFFLINE_CACHE);
  for (const path of paths) {
    const response = await fetch(path, { credentials: "same-origin" }).catch(() => null);
    if (response?.ok && !response.redirected) await cache.put(path, response);
  }
}

/** Registers the service worker (the production build has one) and keeps the kept pages this person's. */
function useServiceWorker(userId: number) {
  useEffect(() => {
    if (typeof caches !== "undefined" && localStorage.getItem(OFFLINE_OWNER_KEY) !== String(userId)) {
      void caches.delete(OFFLINE_CACHE);
      localStorage.setItem(OFFLINE_OWNER_KEY, String(userId));
    }
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    // A browser that refuses (private mode, a test that blocks workers) keeps the admin as it always was.
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: href("/admin") }).catch(() => {});
  }, [userId]);
}

/** What the server will never take, with its words: a photo by its file's name, a note by its first words. */
type Refused = { store: "photos" | "notes"; key: string; what: string; why: string };

type QueueState = {
  photos: number;
  notes: number;
  refused: Refused[];
  sending: boolean;
  offline: boolean;
  signedOut: boolean;
};

const refusedOf = (photos: QueuedPhoto[], notes: QueuedNote[]): Refused[] => [
  ...photos.flatMap((p) =>
    p.refused ? [{ store: "photos" as const, key: p.key, what: p.fileName, why: p.refused }] : [],
  ),
  ...notes.flatMap((n) =>
    n.refused
      ? [
          {
            store: "notes" as const,
            key: n.key,
            what: `The note “${n.body.slice(0, 40)}${n.body.length > 40 ? "…" : ""}”`,
            why: n.refused,
          },
        ]
      : [],
  ),
];

/**
 * This person's photos waiting on the phone: sent when the page opens, when the signal comes
 * back, whenever the queue changes, and every half minute while some wait. A photo sent
 * shows on its lead page at once (the page's data is asked for again).
 */
function usePhotoQueue(userId: number): QueueState & { remove: (item: Refused) => void } {
  const [state, setState] = useState<QueueState>({
    photos: 0,
    notes: 0,
    refused: [],
    sending: false,
    offline: false,
    signedOut: false,
  });
  const { revalidate } = useRevalidator();
  const read = useCallback(async () => {
    const [photos, notes] = await Promise.all([
      queuedPhotos(userId).catch(() => []),
      queuedNotes(userId).catch(() => []),
    ]);
    setState((s) => ({
      ...s,
      photos: photos.filter((p) => !p.refused).length,
      notes: notes.filter((n) => !n.refused).length,
      refused: refusedOf(photos, notes),
    }));
    return [...photos, ...notes].some((item) => !item.refused);
  }, [userId]);
  const running = useRef(false);
  const send = useCallback(async () => {
    // One run at a time, reported once: a change the run itself makes only reads the queue.
    if (!(await read()) || running.current) return;
    running.current = true;
    setState((s) => ({ ...s, sending: true }));
    const report = await sendQueued(userId).catch(() => ({
      sent: 0,
      notes: 0,
      signedOut: false,
      offline: true,
    }));
    setState((s) => ({ ...s, sending: false, offline: report.offline, signedOut: report.signedOut }));
    if (report.sent) toast.success(JOB_PHOTO_MESSAGES.added(report.sent));
    if (report.notes) toast.success(LEAD_MESSAGES.noteAdded);
    if (report.sent || report.notes) void revalidate();
    running.current = false;
    await read();
  }, [userId, read, revalidate]);
  useEffect(() => {
    const first = window.setTimeout(() => void send(), 0);
    const stop = onQueueChange(() => void send());
    const online = () => void send();
    const offline = () => setState((s) => ({ ...s, offline: true }));
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    const timer = window.setInterval(() => void send(), 30_000);
    return () => {
      stop();
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [send]);
  return { ...state, remove: (item) => void removeQueued(item.store, item.key) };
}

/** The service worker, and the line saying what waits on the phone, for every admin page. */
export function OfflineSupport({ userId }: { userId: number }) {
  useServiceWorker(userId);
  const queue = usePhotoQueue(userId);
  const waiting = queue.photos + queue.notes;
  if (!waiting && !queue.refused.length) return null;
  const status = queue.signedOut
    ? "Sign in again to send them."
    : queue.offline
      ? "No signal: they are kept on this phone and go when it is back."
      : queue.sending
        ? "Sending…"
        : "They go as soon as the phone has signal.";
  const Icon = queue.offline ? CloudOff : queue.sending ? LoaderCircle : Upload;
  return (
    <div
      // Stays in view while the person scrolls the lead page down to its photos.
      className="sticky top-0 z-20 border-b border-amber-300 bg-amber-50 text-ink shadow-sm"
      role="status"
      data-testid="photo-queue"
    >
      <div className="mx-auto max-w-7xl px-4 py-2 text-sm sm:px-6">
        {waiting > 0 && (
          <p className="flex items-center gap-2">
            <Icon aria-hidden className={`size-4 shrink-0 ${queue.sending ? "animate-spin" : ""}`} />
            <span>
              <strong>{waitingText(queue.photos, queue.notes)}</strong>. {status}
            </span>
          </p>
        )}
        {queue.refused.map((item) => (
          <p key={item.key} className="mt-1 flex flex-wrap items-center gap-x-3">
            <span>
              <strong>{item.what}</strong> was not added: {item.why}
            </span>
            <button
              type="button"
              className="min-h-10 font-semibold text-brand-dark underline"
              onClick={() => queue.remove(item)}
            >
              Remove it from this phone
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}

/**
 * How many of this person's photos of one lead wait on the phone: the lead's Photos section
 * says so, rather than "No photos yet" while they wait (0 before scripts run).
 */
export function useWaitingPhotos(userId: number, leadId: number): number {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    const read = () =>
      void queuedPhotos(userId)
        .then((photos) => setWaiting(photos.filter((p) => p.leadId === leadId && !p.refused).length))
        .catch(() => {});
    const first = window.setTimeout(read, 0);
    const stop = onQueueChange(read);
    return () => {
      window.clearTimeout(first);
      stop();
    };
  }, [userId, leadId]);
  return waiting;
}
