import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, packedRows } from "~/server/db.server";

// Reports read thousands of rows as one JSON text: each row must come back as the plain read
// gives it, or a figure would change with the way it was read.

const values = sql`values (1, 'Wichita', 0.1 + 0.2, null), (2, 'O''Brien "Roofing"
Derby', 1796000000123 / 60000.0, 9007199254740991), (3, 'Café ☂', -2.5e-7, 0)`;

describe("packed rows", () => {
  it("reads every row as the plain read does: text, nulls, integers and reals", () => {
    const plain = getDb().values(sql`select * from (${values})`);
    const packed = packedRows(sql`column1, column2, column3, column4`, sql`from (${values})`);
    expect(packed).toEqual(plain);
    expect(packed[1]).toEqual([2, `O'Brien "Roofing"\nDerby`, 1796000000123 / 60000, 9007199254740991]);
    expect(packed[0]![2]).toBe(0.1 + 0.2);
  });

  it("reads no rows as an empty list", () => {
    expect(packedRows(sql`column1`, sql`from (${values}) where column1 > 3`)).toEqual([]);
  });
});
