import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { roofCustomers } from "~/db/schema";
import { listRoofCustomers } from "~/models/roof-customer.server";
import { decodeRoofCursor, ROOF_CUSTOMERS_PAGE_SIZE } from "~/lib/roof-customer-paging";
import { getDb } from "~/server/db.server";
import { loader } from "~/routes/admin/roof-measurement";

// The roof tool's Saved Customers, a page at a time, newest first, searchable.
let cookie = "";
const TOTAL = 60;
beforeAll(async () => {
  cookie = await signedInOwner();
  const insert = getDb().$client.prepare(
    "insert into roof_customers (customer_name, street, city, state, zip_code, created_at) values (?, ?, ?, 'KS', ?, ?)",
  );
  getDb().$client.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      // Pairs saved at the same moment (one with a fraction of a millisecond): pages split them.
      const at = Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000 + (i % 4 === 0 ? 0.5 : 0);
      const [street, city, zip] =
        i % 3 === 0 ? [`${i} Oak Dr`, "Mulvane", "67110"] : [`${i} N Main St`, "Derby", "67037"];
      insert.run(`Customer ${i}`, street, city, zip, at);
    }
  })();
});

const page = async (query = "") => {
  const data = await loader(
    routeArgs(new Request(`http://site.test/admin/roof-measurement${query}`, { headers: { Cookie: cookie } })),
  );
  return data.savedCustomers;
};
const names = (p: { customers: { customerName: string | null }[] }) => p.customers.map((c) => c.customerName);
const newestFirst = () =>
  getDb()
    .$client.prepare("select customer_name from roof_customers order by created_at desc, id desc")
    .pluck()
    .all() as string[];

describe("the roof tool's saved customers", () => {
  it("shows one page, newest first, and walks to the end and back with Older and Newer", async () => {
    const first = await page();
    expect(first.customers).toHaveLength(ROOF_CUSTOMERS_PAGE_SIZE);
    expect(first.newer).toBeNull();
    const seen = [...names(first)];
    let at = first;
    while (at.older) {
      at = await page(`?after=${at.older}`);
      seen.push(...names(at));
    }
    // Every customer exactly once, in order: none lost or repeated at a page's edge.
    expect(seen).toEqual(newestFirst());
    expect(at.customers.length).toBe(TOTAL % ROOF_CUSTOMERS_PAGE_SIZE);
    const back = await page(`?before=${at.newer}`);
    expect(names(back)).toEqual(newestFirst().slice(ROOF_CUSTOMERS_PAGE_SIZE, 2 * ROOF_CUSTOMERS_PAGE_SIZE));
    expect(back.older).not.toBeNull();
    const start = await page(`?before=${back.newer}`);
    expect(names(start)).toEqual(names(first));
    expect(start.newer).toBeNull();
  });

  it("finds customers by name, street, town or ZIP, and pages the matches", async () => {
    const mulvane = newestFirst().filter((n) => Number(n.split(" ")[1]) % 3 === 0);
    const found = await page("?q=mulvane");
    expect(names(found)).toEqual(mulvane);
    expect(found.q).toBe("mulvane");
    expect(names(await page("?q=oak+67110"))).toEqual(mulvane);
    expect(names(await page("?q=Customer+42"))).toEqual(["Customer 42"]);
    // Each word as the start of a word anywhere: "3" finds 31-38 on Main St (30, 33, 36 are on Oak Dr).
    expect(names(await page("?q=3+main"))).toEqual([
      "Customer 38",
      "Customer 37",
      "Customer 35",
      "Customer 34",
      "Customer 32",
      "Customer 31",
    ]);
    const derby = await page("?q=derby");
    expect(derby.customers).toHaveLength(ROOF_CUSTOMERS_PAGE_SIZE);
    const rest = await page(`?q=derby&after=${derby.older}`);
    expect([...names(derby), ...names(rest)]).toEqual(newestFirst().filter((n) => !mulvane.includes(n)));
    expect(rest.older).toBeNull();
  });

  it("keeps the list in step when a customer is renamed or deleted", () => {
    const db = getDb();
    const { id } = db
      .insert(roofCustomers)
      .values({ customerName: "Zed Quill", street: "1 Elm", city: "Haysville" })
      .returning()
      .get();
    expect(listRoofCustomers({ q: "quill" }).customers.map((c) => c.id)).toEqual([id]);
    db.update(roofCustomers).set({ customerName: "Zed Quince" }).where(eq(roofCustomers.id, id)).run();
    expect(listRoofCustomers({ q: "quill" }).customers).toEqual([]);
    expect(listRoofCustomers({ q: "quince haysville" }).customers.map((c) => c.id)).toEqual([id]);
    db.delete(roofCustomers).where(eq(roofCustomers.id, id)).run();
    expect(listRoofCustomers({ q: "quince" }).customers).toEqual([]);
  });

  it("answers hostile searches and made-up cursors with a page, never an error", async () => {
    for (const query of [
      '?q="',
      "?q=*",
      "?q=NEAR(",
      "?q=-",
      `?q=${"x".repeat(10_000)}`,
      "?after=abc",
      "?before=1e999.1",
      "?after=99999999999999.1&q=oak",
      "?after=1.0",
    ]) {
      const result = await page(query);
      expect(Array.isArray(result.customers), query).toBe(true);
    }
    expect((await page("?after=1.1")).customers).toEqual([]);
    expect(decodeRoofCursor("1e999.1")).toBeNull();
  });
});
