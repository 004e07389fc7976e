import { describe, expect, it } from "vitest";
import { checkVideoUrl, VIDEO_URL_MESSAGES } from "./video-url";

const YT_EMBED = "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&rel=0";

describe("checkVideoUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=M7lc1UVf-VE",
    "https://youtube.com/watch?v=M7lc1UVf-VE&list=PL123&t=42s",
    "https://m.youtube.com/watch?v=M7lc1UVf-VE",
    "https://youtu.be/M7lc1UVf-VE",
    "https://youtu.be/M7lc1UVf-VE?si=abc",
    "https://www.youtube.com/embed/M7lc1UVf-VE",
    "https://www.youtube.com/shorts/M7lc1UVf-VE",
    "youtu.be/M7lc1UVf-VE",
    "  https://www.youtube.com/watch?v=M7lc1UVf-VE  ",
  ])("turns the YouTube address %j into the embed form", (url) => {
    const check = checkVideoUrl(url);
    expect(check).toMatchObject({ ok: true, video: { provider: "youtube", embedUrl: YT_EMBED } });
  });

  it.each(["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871", "vimeo.com/76979871"])(
    "turns the Vimeo address %j into the embed form",
    (url) => {
      expect(checkVideoUrl(url)).toMatchObject({
        ok: true,
        video: { provider: "vimeo", embedUrl: "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1" },
      });
    },
  );

  it("asks for an address when there is none", () => {
    expect(checkVideoUrl("")).toEqual({ ok: false, message: VIDEO_URL_MESSAGES.empty });
    expect(checkVideoUrl("   ")).toEqual({ ok: false, message: VIDEO_URL_MESSAGES.empty });
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,hi",
    "ftp://youtube.com/watch?v=M7lc1UVf-VE",
    "https://exa mple.com/x",
    "my video",
  ])("says %j is not a web address", (url) => {
    expect(checkVideoUrl(url)).toEqual({ ok: false, message: VIDEO_URL_MESSAGES.notAddress });
  });

  it.each([
    "https://www.facebook.com/watch?v=123",
    "https://evil.example/watch?v=M7lc1UVf-VE",
    "vimeo.example.com/123456",
  ])("says %j is not on YouTube or Vimeo", (url) => {
    expect(checkVideoUrl(url)).toEqual({ ok: false, message: VIDEO_URL_MESSAGES.otherSite });
  });

  it.each([
    "https://www.youtube.com/@PrairieRidgeRoofing",
    "https://www.youtube.com/playlist?list=PL123",
    "https://www.youtube.com/watch?v=short",
    "https://vimeo.com/channels/staffpicks",
  ])("says %j is not one video", (url) => {
    expect(checkVideoUrl(url)).toEqual({ ok: false, message: VIDEO_URL_MESSAGES.notOneVideo });
  });
});
