import { afterEach, describe, expect, it, vi } from "vitest";
import { repeatInBackground } from "./background.server";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("repeatInBackground", () => {
  it("runs at once and then on every tick; a failed run is logged and the next one still comes", async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const task = vi.fn().mockRejectedValueOnce(new Error("provider down")).mockResolvedValue(undefined);
    repeatInBackground("Test loop", 1000, task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith("Test loop failed:", expect.objectContaining({ message: "provider down" }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it("starts one loop per name, however often it is asked", async () => {
    vi.useFakeTimers();
    const task = vi.fn().mockResolvedValue(undefined);
    repeatInBackground("Once only", 1000, task);
    repeatInBackground("Once only", 1000, task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it("starts no run while the last one is still going: one mail loop, never two at once", async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    repeatInBackground("Slow loop", 1000, task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    // The second run ends too: stopping the file's tasks waits for a run under way.
    finish();
  });
});
