/**
 * One line to a provider for this process: every call takes the next free slot, `gapMs`
 * after the one before, however many callers send at once (Resend: 2 requests a second;
 * Twilio: what the number's carrier registration allows).
 */
export function providerLine(gapMs: () => number) {
  let nextSlot = 0;
  return {
    /** Waits for this call's slot. */
    async turn(): Promise<void> {
      const now = Date.now();
      const wait = nextSlot - now;
      nextSlot = Math.max(now, nextSlot) + gapMs();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    /** Whether a call made now would wait behind others. */
    busy: () => nextSlot > Date.now(),
  };
}
