import sprite from "~/assets/icon-sprite.svg?url";

// Every icon is a symbol in one SVG file (app/assets/icon-sprite.svg), fingerprinted and cached
// like the scripts, that each icon points into with <use>: a page of 80 icons carries no
// drawing at all (inline, the sprite was ~900 bytes of every page; before the sprite, the
// repeated drawings were 36 KB). icons.test.ts checks these names against the file.
export const ICON_NAMES = [
  "arrow-right",
  "check",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "clock",
  "cloud-rain",
  "hammer",
  "house",
  "leaf",
  "mail",
  "map-pin",
  "menu",
  "pencil",
  "phone",
  "play",
  "star",
  "trash-2",
  "user",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** A decorative icon; its stroke comes from the `icon` class (styles/theme.css), color, size and fill from its classes. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
