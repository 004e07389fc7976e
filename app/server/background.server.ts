import { underMaintenance } from "~/server/maintenance.server";

const timers = globalThis as unknown as { __backgroundTasks?: Map<string, NodeJS.Timeout> };

/**
 * Runs `task` now and then every `intervalMs` for the life of the process, once per name
 * (a dev reload does not start a second loop), never two runs at once. The timer never
 * keeps the process alive, and a failed run is logged and left to the next one: a
 * background task never stops the server.
 */
export function repeatInBackground(name: string, intervalMs: number, task: () => Promise<void>) {
  const running = (timers.__backgroundTasks ??= new Map());
  if (running.has(name)) return;
  // A run that outlasts the interval (a slow provider) is not joined by a second one.
  let busy = false;
  const tick = () => {
    // The database is closed while a backup is put back: the next tick does the work.
    if (busy || underMaintenance()) return;
    busy = true;
    void task()
      .catch((error: unknown) => console.error(`${name} failed:`, error))
      .finally(() => (busy = false));
  };
  running.set(name, setInterval(tick, intervalMs).unref());
  tick();
}
