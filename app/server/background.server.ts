import { underMaintenance } from "~/server/maintenance.server";

/** How to ask a task for a run before its next tick, and to end it (after its run under way). */
type Background = { wake: () => void; stop: () => Promise<void> };
const timers = globalThis as unknown as { __backgroundTasks?: Map<string, Background> };

/** A wake waits this long, so the many requests of one busy moment bring about one run. */
const WAKE_DELAY_MS = 50;

/**
 * Runs `task` now and then every `intervalMs` for the life of the process, once per name
 * (a dev reload does not start a second loop), never two runs at once. The timer never
 * keeps the process alive, and a failed run is logged and left to the next one: a
 * background task never stops the server. Returns `wake`: one more run in a moment (right
 * after the current one, if one is under way), however often it is called meanwhile.
 */
export function repeatInBackground(name: string, intervalMs: number, task: () => Promise<void>): () => void {
  const running = (timers.__backgroundTasks ??= new Map());
  const started = running.get(name);
  if (started) return started.wake;
  // A run that outlasts the interval (a slow provider) is not joined by a second one.
  let busy = false;
  let run: Promise<void> = Promise.resolve();
  let stopped = false;
  // Woken during a run: what woke it may have come after the run looked, so it runs again.
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  const tick = () => {
    // The database is closed while a backup is put back: the next tick does the work.
    if (busy || stopped || underMaintenance()) return;
    busy = true;
    run = task()
      .catch((error: unknown) => console.error(`${name} failed:`, error))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const wake = () => {
    if (busy) again = true;
    else
      soon ??= setTimeout(() => {
        soon = undefined;
        tick();
      }, WAKE_DELAY_MS).unref();
  };
  const timer = setInterval(tick, intervalMs).unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(soon);
    await run;
  };
  running.set(name, { wake, stop });
  tick();
  return wake;
}

/**
 * Ends every task once its run under way is done. The server never does (its tasks last
 * as long as it does); a test file that started one does, before its database closes.
 */
export async function stopBackgroundTasks() {
  const running = timers.__backgroundTasks;
  if (!running) return;
  await Promise.all([...running.values()].map((t) => t.stop()));
  running.clear();
}
