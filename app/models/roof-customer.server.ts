import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { roofCustomers, type RoofCustomer } from "~/db/schema";
import type { RoofCustomerInput } from "~/lib/roof-customer-form";

export function listRoofCustomers(): RoofCustomer[] {
  return getDb().select().from(roofCustomers).orderBy(desc(roofCustomers.createdAt), desc(roofCustomers.id)).all();
}

export function getRoofCustomer(id: number): RoofCustomer | undefined {
  return getDb().select().from(roofCustomers).where(eq(roofCustomers.id, id)).get();
}

function values(input: RoofCustomerInput) {
  return {
    customerName: input.customerName || null,
    street: input.street,
    city: input.city,
    state: input.state || null,
    zipCode: input.zipCode || null,
    area: input.area,
    length: input.length,
    width: input.width,
    pitch: input.pitch,
  };
}

/** Creates, or updates when an id is given; returns the id, or null if it no longer exists. */
export function saveRoofCustomer(input: RoofCustomerInput): number | null {
  const db = getDb();
  if (input.id) {
    const updated = db
      .update(roofCustomers)
      .set({ ...values(input), updatedAt: new Date() })
      .where(eq(roofCustomers.id, input.id))
      .returning({ id: roofCustomers.id })
      .get();
    return updated?.id ?? null;
  }
  return db.insert(roofCustomers).values(values(input)).returning({ id: roofCustomers.id }).get().id;
}
