import { CloudRain, Hammer, House, type LucideProps } from "lucide-react";

const ICONS = { framing: Hammer, roofing: House, gutters: CloudRain } as const;

export function ServiceIcon({ name, ...props }: { name: keyof typeof ICONS } & LucideProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden {...props} />;
}
