import { describe, expect, it } from "vitest";
import { parseVideoUrl } from "./video";

describe("parseVideoUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=M7lc1UVf-VE",
    "https://youtube.com/watch?v=M7lc1UVf-VE&t=30s",
    "https://youtu.be/M7lc1UVf-VE",
    "https://www.youtube.com/embed/M7lc1UVf-VE",
    "https://www.youtube.com/shorts/M7lc1UVf-VE",
    "https://m.youtube.com/watch?v=M7lc1UVf-VE",
  ])("understands the YouTube link %s", (url) => {
    expect(parseVideoUrl(url)).toEqual({
      provider: "youtube",
      id: "M7lc1UVf-VE",
      watchUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
      embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&rel=0",
    });
  });

  it("understands Vimeo links", () => {
    expect(parseVideoUrl("https://vimeo.com/76979871")?.embedUrl).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
    expect(parseVideoUrl("https://player.vimeo.com/video/76979871")?.id).toBe("76979871");
  });

  it.each([
    "",
    "not a url",
    "javascript:alert(1)",
    "https://evil.example/watch?v=M7lc1UVf-VE",
    "https://www.youtube.com/watch?v=short",
    "https://vimeo.com/channels/staffpicks",
  ])("refuses %j", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});
