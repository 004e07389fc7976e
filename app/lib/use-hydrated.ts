import { startTransition, useEffect, useState } from "react";

// Set once the page first hydrated: what mounts later (client-side navigation) starts true.
let hydrated = false;

/**
 * False in the server HTML and during hydration, true once scripts run. The change after
 * hydration is a transition: React renders it in short slices after the page has been
 * hydrated, instead of at once inside hydration's last task (which on a phone made that
 * task long enough to hold up a tap).
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    if (value) return;
    startTransition(() => {
      hydrated = true;
      setValue(true);
    });
  }, [value]);
  return value;
}
