import { parseVideoUrl, type VideoRef } from "./video";

// The owner's video link, checked when he saves it: either an address the site
// can embed, or a sentence saying what is wrong in words a non-developer understands.
// Reading the link is lib/video.ts's job (the portfolio uses it too); this adds the why.

export type VideoUrlCheck = { ok: true; video: VideoRef } | { ok: false; message: string };

export const VIDEO_URL_MESSAGES = {
  empty: "Paste the address of your video on YouTube or Vimeo",
  notAddress:
    "That is not a web address. Open your video on YouTube or Vimeo and copy the address from the browser's address bar (it starts with https://).",
  otherSite:
    "Only YouTube and Vimeo videos can be shown here. Upload the video to YouTube or Vimeo first, then paste its address.",
  notOneVideo:
    "That address does not point to one video (it may be a channel, playlist or search). Open the video itself and copy its address.",
} as const;

const YOUTUBE_HOSTS = ["youtube.com", "youtu.be", "youtube-nocookie.com"];
const VIMEO_HOSTS = ["vimeo.com", "player.vimeo.com"];

export function checkVideoUrl(raw: string | null | undefined): VideoUrlCheck {
  const text = (raw ?? "").trim();
  if (!text) return { ok: false, message: VIDEO_URL_MESSAGES.empty };
  // Pasted without the scheme ("youtu.be/…"): what a person means is the https address.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: VIDEO_URL_MESSAGES.notAddress };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, message: VIDEO_URL_MESSAGES.notAddress };
  const video = parseVideoUrl(url.href);
  if (video) return { ok: true, video };
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const known = [...YOUTUBE_HOSTS, ...VIMEO_HOSTS].includes(host);
  return { ok: false, message: known ? VIDEO_URL_MESSAGES.notOneVideo : VIDEO_URL_MESSAGES.otherSite };
}
