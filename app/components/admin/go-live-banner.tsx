import { Rocket } from "lucide-react";
import { href } from "react-router";
import { AdminBanner } from "./admin-banner";

/**
 * Shown on every admin page until the go-live checklist is clear: how many
 * items are left, and the way to the list. Nothing at zero.
 */
export function GoLiveBanner({ remaining }: { remaining: number }) {
  if (remaining <= 0) return null;
  return (
    <AdminBanner
      label="Before you go live"
      testId="go-live-banner"
      icon={Rocket}
      to={href("/admin/go-live")}
      linkText="See the list"
    >
      <strong>{remaining === 1 ? "1 thing" : `${remaining} things`}</strong> to do before you go live: demo content,
      your facts, pictures and settings.
    </AdminBanner>
  );
}
