const timers = globalThis as unknown as { __backgroundTasks?: Map<string, NodeJS.Timeout> };

/**
 * Runs `task` now and then every `intervalMs` for the life of the process, once per name
 * (a dev reload does not start a second loop). The timer never keeps the process alive, and
 * a failed run is logged and left to the next one: a background task never stops the server.
 */
export function repeatInBackground(name: string, intervalMs: number, task: () => Promise<void>) {
  const running = (timers.__backgroundTasks ??= new Map());
  if (running.has(name)) return;
  const tick = () => task().catch((error: unknown) => console.error(`${name} failed:`, error));
  running.set(name, setInterval(tick, intervalMs).unref());
  void tick();
}
