import { Icon } from "~/components/icon";
import { useState } from "react";
import { checkVideoUrl } from "~/lib/video-url";

/**
 * A thumbnail and a play button. Nothing is requested from the video host until the
 * visitor asks; without scripts the button is a plain link to the video.
 */
export function VideoFacade({
  url,
  title,
  thumbnail,
  alt,
}: {
  url: string;
  title: string;
  thumbnail: { src: string; srcSet?: string; sizes?: string; width: number; height: number };
  alt: string;
}) {
  const [playing, setPlaying] = useState(false);
  // The owner's link was checked when he saved it; one that no longer reads (a placeholder) stays a plain link.
  const checked = checkVideoUrl(url);
  const video = checked.ok ? checked.video : null;
  if (playing && video) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl bg-black shadow-lg">
        <iframe
          src={video.embedUrl}
          title={title}
          className="size-full"
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <a
      href={video?.watchUrl ?? url}
      onClick={(event) => {
        if (!video) return;
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video overflow-hidden rounded-xl bg-ink shadow-lg"
      data-testid="video-facade"
    >
      <img
        src={thumbnail.src}
        srcSet={thumbnail.srcSet}
        sizes={thumbnail.sizes}
        width={thumbnail.width}
        height={thumbnail.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="size-full object-cover opacity-90 transition group-hover:opacity-100"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand text-white shadow-xl transition group-hover:scale-110">
          <Icon name="play" className="ml-1 size-8 fill-current" />
        </span>
      </span>
      <span className="sr-only">Play video: {title}</span>
    </a>
  );
}
