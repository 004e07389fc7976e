import { href } from "react-router";
import { z } from "~/lib/zod";

/** The roof tool's customer forms (a form with no intent uploads the view's pictures). */
export const ROOF_CUSTOMER_INTENTS = { calculate: "calculate", save: "save", delete: "delete-customer" } as const;

/** Where the tool lives; its exports hang below it. */
export const ROOF_TOOL = href("/admin/roof-measurement");
/** The tool with one saved customer open. */
export const roofCustomerHref = (id: number) => `${ROOF_TOOL}?customer=${id}`;
export const roofReportHref = (id: number) => href("/admin/roof-measurement/:id/report.pdf", { id: String(id) });
export const roofCsvHref = (id: number, view: "top" | "side") =>
  `${href("/admin/roof-measurement/:id/measurements.csv", { id: String(id) })}?view=${view}`;

export const STREET_AND_CITY_REQUIRED = "Please provide at least street and city information";

/** Typed measurements: numbers rounded to whole numbers; anything non-numeric is ignored. */
const measurement = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n) : null;
}, z.number().min(0).max(1_000_000).nullable());

export const RoofCustomerSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  customerName: z.string().trim().max(120).optional(),
  street: z.string({ error: STREET_AND_CITY_REQUIRED }).trim().min(1, STREET_AND_CITY_REQUIRED).max(200),
  city: z.string({ error: STREET_AND_CITY_REQUIRED }).trim().min(1, STREET_AND_CITY_REQUIRED).max(100),
  state: z.string().trim().max(2).optional(),
  zipCode: z.string().trim().max(10).optional(),
  area: measurement,
  length: measurement,
  width: measurement,
  pitch: z.preprocess(
    (v) => (v === "" || v === undefined ? null : Number(v)),
    z.number().min(0).max(12).multipleOf(0.5).nullable(),
  ),
});
export type RoofCustomerInput = z.infer<typeof RoofCustomerSchema>;
