// Pictures of the public pages, imported so Vite fingerprints them: they are served
// from /assets/ with a one-year immutable cache, like the scripts.
import brightGreen480 from "~/assets/images/bright-green-video-480.webp";
import brightGreen960 from "~/assets/images/bright-green-video-960.webp";
import framing480 from "~/assets/images/service-framing-480.webp";
import framing800 from "~/assets/images/service-framing-800.webp";
import gutters480 from "~/assets/images/service-gutters-480.webp";
import gutters800 from "~/assets/images/service-gutters-800.webp";
import roofing480 from "~/assets/images/service-roofing-480.webp";
import roofing800 from "~/assets/images/service-roofing-800.webp";

export type SiteImage = { src: string; srcSet: string; width: number; height: number };

const image = (small: string, large: string, largeWidth: number): SiteImage => ({
  src: large,
  srcSet: `${small} 480w, ${large} ${largeWidth}w`,
  width: largeWidth,
  height: (largeWidth * 3) / 4,
});

export const SITE_IMAGES = {
  framing: image(framing480, framing800, 800),
  roofing: image(roofing480, roofing800, 800),
  gutters: image(gutters480, gutters800, 800),
  brightGreenVideo: image(brightGreen480, brightGreen960, 960),
};

/** Behind the home page's headline until the owner chooses a photo of his own (admin: Pictures & Video). */
export const HOME_HERO_DRAWING = SITE_IMAGES.roofing;
