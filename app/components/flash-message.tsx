import { useEffect } from "react";
import { toast } from "react-toastify/unstyled";
import { useHydrated } from "~/lib/use-hydrated";

export type FlashData = { type: "success" | "error" | "info"; message: string };

/**
 * A server message after a redirect or a failed post: a toast when scripts run, the same
 * words in the page when they don't.
 */
export function FlashMessage({ flash }: { flash: FlashData | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (flash) toast[flash.type](flash.message, { toastId: `${flash.type}:${flash.message}` });
  }, [flash]);
  if (!flash || hydrated) return null;
  const tone =
    flash.type === "error" ? "bg-red-50 text-red-800 border-red-200" : "bg-leaf-soft text-leaf border-leaf/20";
  return (
    <p role={flash.type === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 font-medium ${tone}`}>
      {flash.message}
    </p>
  );
}
