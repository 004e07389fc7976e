/// <reference types="google.maps" />
import { useEffect, useState } from "react";
import { isAuthFailure, loadWithRetry, waitUntilReady, type MapsStatus } from "~/lib/maps-loader";

declare global {
  interface Window {
    /** Google calls this when it refuses the key (wrong referrer, API not enabled). */
    gm_authFailure?: () => void;
  }
}

/**
 * Loads the Maps JavaScript API with the Places library once a key is saved, and
 * reports how that went. Runs only in the browser, only on the signed-in roof tool.
 */
export function useGoogleMaps(apiKey: string | null): MapsStatus | null {
  const [status, setStatus] = useState<MapsStatus | null>(apiKey ? "checking" : null);
  useEffect(() => {
    if (!apiKey) return;
    let cancelled = false;
    window.gm_authFailure = () => setStatus("auth-error");
    (async () => {
      try {
        const { setOptions, importLibrary } = await import("@googlemaps/js-api-loader");
        setOptions({ key: apiKey, v: "weekly", language: "en", region: "US", libraries: ["places"] });
        await loadWithRetry(() => importLibrary("places"));
        await waitUntilReady(() => !!(window as Window & { google?: typeof google }).google?.maps?.places);
        if (!cancelled) setStatus((s) => (s === "auth-error" ? s : "connected"));
      } catch (error) {
        console.error("Google Maps failed to load:", error);
        if (!cancelled) setStatus(isAuthFailure(error) ? "auth-error" : "load-error");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [apiKey]);
  return apiKey ? status : null;
}

export type AddressSuggestion = { placeId: string; description: string; mainText: string; secondaryText: string };

/** US street addresses that start with what staff typed. */
export async function suggestAddresses(input: string): Promise<AddressSuggestion[]> {
  const { AutocompleteSuggestion } = (await google.maps.importLibrary("places")) as google.maps.PlacesLibrary;
  const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({
    input,
    includedRegionCodes: ["us"],
    includedPrimaryTypes: ["street_address", "premise", "subpremise"],
    language: "en",
    region: "us",
  });
  return suggestions.flatMap((s) =>
    s.placePrediction
      ? [
          {
            placeId: s.placePrediction.placeId,
            description: s.placePrediction.text.text,
            mainText: s.placePrediction.mainText?.text ?? s.placePrediction.text.text,
            secondaryText: s.placePrediction.secondaryText?.text ?? "",
          },
        ]
      : [],
  );
}

/** Latitude and longitude of an address, or null when Google does not know it. */
export async function geocodeAddress(address: string): Promise<{ lat: number; lng: number } | null> {
  const { Geocoder } = (await google.maps.importLibrary("geocoding")) as google.maps.GeocodingLibrary;
  const { results } = await new Geocoder().geocode({ address, region: "us" });
  const location = results[0]?.geometry.location;
  return location ? { lat: location.lat(), lng: location.lng() } : null;
}
