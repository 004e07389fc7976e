import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "react-toastify/unstyled";
import { inputClass, secondaryButton } from "~/components/admin-ui";
import { parseAddress } from "~/lib/address";
import type { MapsStatus } from "~/lib/maps-loader";
import { geocodeAddress, suggestAddresses, type AddressSuggestion } from "./use-google-maps";

export function AddressSearch({
  mapsStatus,
  fieldsText,
  onAddress,
  onLocation,
}: {
  mapsStatus: MapsStatus | null;
  fieldsText: string;
  onAddress: (parts: { street: string; city: string; state: string; zipCode: string }) => void;
  onLocation: (loc: { lat: number; lng: number }) => string;
}) {
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const connected = mapsStatus === "connected";

  const asking = connected && text.trim().length >= 4;
  const shown = asking ? suggestions : [];
  useEffect(() => {
    if (!asking) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      suggestAddresses(text.trim()).then(
        (list) => !cancelled && setSuggestions(list),
        (error: unknown) => console.error("Address suggestions failed:", error),
      );
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text, asking]);

  async function search(query: string) {
    const address = query.trim() || fieldsText.trim();
    if (!address) {
      toast.error("Please enter an address to search");
      return;
    }
    setSuggestions([]);
    const pending = toast.info("Searching for address...");
    const parts = parseAddress(address);
    if (parts) onAddress(parts);
    let loaded = false;
    if (connected) {
      try {
        const loc = await geocodeAddress(address);
        if (loc) {
          const url = onLocation(loc);
          const img = new Image();
          img.src = url;
          loaded = await img.decode().then(
            () => true,
            () => false,
          );
        }
      } catch (error) {
        console.error("Geocoding failed:", error);
      }
    }
    toast.dismiss(pending);
    if (loaded) toast.success("Address found and image loaded");
    else if (parts) toast.info("Address found but no image could be loaded");
    else toast.error("Enter the address as: street, city, state ZIP");
  }

  return (
    <div className="relative">
      <label htmlFor="address-search" className="text-sm font-medium">
        Search address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="address-search"
          type="search"
          value={text}
          placeholder="412 N Main St, Wellington, KS 67152"
          autoComplete="off"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls="address-suggestions"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void search(text);
            }
          }}
          className={`${inputClass} mt-0`}
        />
        <button
          type="button"
          className={`${secondaryButton} px-3`}
          onClick={() => void search(text)}
          aria-label="Search"
        >
          <Search aria-hidden className="size-4" />
        </button>
      </div>
      {shown.length > 0 && (
        <ul
          id="address-suggestions"
          role="listbox"
          className="absolute z-10 mt-1 w-full overflow-hidden rounded-md border border-black/10 bg-white shadow-lg"
        >
          {shown.map((s) => (
            <li key={s.placeId} role="option" aria-selected={false}>
              <button
                type="button"
                className="block w-full px-3 py-2 text-left hover:bg-sand"
                onClick={() => {
                  if (!parseAddress(s.description)) {
                    toast.error("Enter the address as: street, city, state ZIP");
                    return;
                  }
                  setText(s.description);
                  void search(s.description);
                }}
              >
                <span className="block font-medium">{s.mainText}</span>
                <span className="block text-sm text-ink-soft">{s.secondaryText}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-ink-soft">
        {connected
          ? "Suggestions come from Google as you type (US addresses)."
          : "Type street, city, state ZIP; the parts are filled in below."}
      </p>
    </div>
  );
}
