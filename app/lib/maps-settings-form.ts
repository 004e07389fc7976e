import { z } from "~/lib/zod";
import { MAPS_MESSAGES } from "./maps-loader";

/** The roof tool's settings forms (the owner's). */
export const MAPS_SETTINGS_INTENTS = {
  saveKey: "save-maps-key",
  clearKey: "clear-maps-key",
  saveTag: "save-publisher-tag",
} as const;

// The roof tool's two settings forms (the Maps key and the publisher tag), parsed by the
// action with conform's parseWithZod like every other form (decision 0039).

/** A Google API key: letters, digits, - and _, as Google issues them. */
export const MapsKeySchema = z.object({
  apiKey: z
    .string({ error: MAPS_MESSAGES.invalidKey })
    .trim()
    .regex(/^[\w-]{20,200}$/, MAPS_MESSAGES.invalidKey),
});

/** Goes into the page's <head> as a meta tag's content: no markup, no quotes. */
export const PublisherTagSchema = z.object({
  publisherTag: z
    .string({ error: MAPS_MESSAGES.tagFailed })
    .trim()
    .max(200, MAPS_MESSAGES.tagFailed)
    .refine((v) => v !== "" && !/[<>"]/.test(v), MAPS_MESSAGES.tagFailed),
});
