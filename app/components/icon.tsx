import {
  ArrowRight,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Clock,
  CloudRain,
  Hammer,
  House,
  Leaf,
  Mail,
  MapPin,
  Menu,
  Phone,
  Play,
  Star,
  User,
  X,
  type LucideIcon,
} from "lucide-react";

// Public pages draw each icon once, in a sprite at the top of the page, and point at it
// with <use>: a page with 30 stars and 20 check marks carried 36 KB of repeated SVG.
const ICONS = {
  "arrow-right": ArrowRight,
  check: Check,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  clock: Clock,
  "cloud-rain": CloudRain,
  hammer: Hammer,
  house: House,
  leaf: Leaf,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  phone: Phone,
  play: Play,
  star: Star,
  user: User,
  x: X,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/** Once per page, before any Icon: every icon as a symbol. Their paint comes from the Icon using them. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, Drawing]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Drawing fill="inherit" stroke="inherit" strokeWidth="inherit" />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite; colour and fill come from its classes, as with lucide's own. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
