/** A YouTube or Vimeo link, understood well enough to embed it only when asked. */
export type VideoRef = { provider: "youtube" | "vimeo"; id: string; watchUrl: string; embedUrl: string };

const YOUTUBE_ID = /^[\w-]{11}$/;

export function parseVideoUrl(raw: string | null | undefined): VideoRef | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id =
      url.pathname === "/watch"
        ? url.searchParams.get("v")
        : (url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null);
  } else if (host === "youtu.be") {
    id = url.pathname.slice(1).split("/")[0] || null;
  }
  if (id && YOUTUBE_ID.test(id)) {
    return {
      provider: "youtube",
      id,
      watchUrl: `https://www.youtube.com/watch?v=${id}`,
      // youtube-nocookie sets no cookies until the visitor plays the video.
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
    };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeoId = url.pathname.match(/(?:^|\/)(\d{6,12})(?:\/|$)/)?.[1];
    if (vimeoId) {
      return {
        provider: "vimeo",
        id: vimeoId,
        watchUrl: `https://vimeo.com/${vimeoId}`,
        embedUrl: `https://player.vimeo.com/video/${vimeoId}?autoplay=1&dnt=1`,
      };
    }
  }
  return null;
}
