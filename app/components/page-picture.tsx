import type { SitePicture } from "~/lib/site-media";

/**
 * One of the site's pictures (the owner's or a built-in drawing) with its smaller copies.
 * `priority` is for the picture that is the page's largest paint (a hero): fetched first,
 * never lazy. The others load as they come near the screen.
 */
export function PagePicture({
  picture,
  sizes,
  priority = false,
  className,
}: {
  picture: SitePicture;
  /** How wide it shows, for the browser's pick from srcset (e.g. "100vw"). */
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
      className={className}
    />
  );
}
