/**
 * A photo's 480 px copy in a grid of cards (the lead page's photos, the homeowner's job
 * page): cropped to 4:3, its real proportions given so the page does not jump as it loads.
 */
export function PhotoThumb({ photo, alt }: { photo: { thumb: string; width: number; height: number }; alt: string }) {
  return (
    <img
      src={photo.thumb}
      alt={alt}
      width={480}
      height={Math.round((480 * photo.height) / photo.width)}
      loading="lazy"
      className="aspect-[4/3] w-full object-cover"
    />
  );
}
