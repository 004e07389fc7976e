import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, packedColumns } from "~/server/db.server";

// Reports read thousands of rows as a few JSON lists: each row must come back as the plain read
// gives it, or a figure would change with the way it was read.

const values = sql`values (1, 'Wichita', 0.1 + 0.2, null), (2, 'O''Brien "Roofing"
Derby', 1796000000123 / 60000.0, 9007199254740991), (3, 'Café ☂', -2.5e-7, 0)`;

type Row = { id: number; town: string; real: number; maybe: number | null };
const columns = { id: sql`column1`, town: sql`column2`, real: sql`column3`, maybe: sql`column4` };

describe("packed columns", () => {
  it("reads every row as the plain read does: text, nulls, integers and reals, each row at one index", () => {
    const plain = getDb().values(sql`select * from (${values})`);
    const packed = packedColumns<Row>(columns, sql`from (${values})`);
    expect(packed.id.map((id, i) => [id, packed.town[i], packed.real[i], packed.maybe[i]])).toEqual(plain);
    expect(packed.town[1]).toBe(`O'Brien "Roofing"\nDerby`);
    expect(packed.real).toEqual([0.1 + 0.2, 1796000000123 / 60000, -2.5e-7]);
    expect(packed.maybe).toEqual([null, 9007199254740991, 0]);
  });

  it("reads no rows as empty lists", () => {
    expect(packedColumns<Row>(columns, sql`from (${values}) where column1 > 3`)).toEqual({
      id: [],
      town: [],
      real: [],
      maybe: [],
    });
  });
});
