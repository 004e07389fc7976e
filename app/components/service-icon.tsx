import { Icon, type IconName } from "~/components/icon";

const ICONS = { framing: "hammer", roofing: "house", gutters: "cloud-rain" } as const satisfies Record<
  string,
  IconName
>;

export function ServiceIcon({ name, className }: { name: keyof typeof ICONS; className?: string }) {
  return <Icon name={ICONS[name]} className={className} />;
}
