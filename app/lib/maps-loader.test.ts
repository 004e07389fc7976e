import { describe, expect, it } from "vitest";
import {
  isAuthFailure,
  loadWithRetry,
  MapsAuthError,
  maskKey,
  retryDelay,
  staticMapUrl,
  waitUntilReady,
} from "./maps-loader";

/** A stand-in for window.google that becomes ready after some polls. */
function fakeGoogle(readyAfterPolls: number) {
  let polls = 0;
  const google: { maps?: { places?: object } } = {};
  return {
    isReady: () => {
      if (++polls > readyAfterPolls) google.maps = { places: {} };
      return !!google.maps?.places;
    },
    google,
  };
}

describe("maps loader", () => {
  it("waits attempt x 2^attempt ms between up to 3 retries", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await loadWithRetry(
      async () => {
        if (++calls < 4) throw new Error("network down");
        return "loaded";
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("loaded");
    expect(waits).toEqual([2, 8, 24]);
    expect(waits).toEqual([1, 2, 3].map(retryDelay));
  });

  it("gives up after the third retry with the last error", async () => {
    let calls = 0;
    const attempt = loadWithRetry(
      async () => {
        calls++;
        throw new Error("still down");
      },
      { wait: async () => {} },
    );
    await expect(attempt).rejects.toThrow("still down");
    expect(calls).toBe(4);
  });

  it("does not retry a refused key, RefererNotAllowed included", async () => {
    let calls = 0;
    await expect(
      loadWithRetry(
        async () => {
          calls++;
          throw new Error("Google Maps JavaScript API error: RefererNotAllowedMapError");
        },
        { wait: async () => {} },
      ),
    ).rejects.toThrow("RefererNotAllowed");
    expect(calls).toBe(1);
    expect(isAuthFailure(new MapsAuthError())).toBe(true);
    expect(new MapsAuthError().message).toBe("API key authentication failed. Please check your API key restrictions.");
    expect(isAuthFailure(new Error("timeout"))).toBe(false);
  });

  it("polls every 100 ms until google.maps.places exists", async () => {
    const fake = fakeGoogle(3);
    const waits: number[] = [];
    await waitUntilReady(fake.isReady, { wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([100, 100, 100]);
    expect(fake.google.maps?.places).toBeDefined();
  });

  it("stops polling after the timeout", async () => {
    await expect(waitUntilReady(() => false, { timeout: 300, wait: async () => {} })).rejects.toThrow(
      "did not become ready",
    );
  });

  it("shows only the key's last 8 characters", () => {
    expect(maskKey("AIzaSyA-1234567890abcdefgh")).toBe("••••••••abcdefgh");
    expect(maskKey("AIzaSyA-1234567890abcdefgh")).not.toContain("AIza");
  });

  it("asks Static Maps for a 4:3 satellite picture of the point", () => {
    const url = new URL(staticMapUrl("KEY", 37.2653, -97.3717));
    expect(url.searchParams.get("maptype")).toBe("satellite");
    expect(url.searchParams.get("size")).toBe("640x480");
    expect(url.searchParams.get("center")).toBe("37.2653,-97.3717");
  });
});
