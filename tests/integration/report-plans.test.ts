import { describe, expect, it } from "vitest";
import { leadReportSpans } from "~/lib/lead-report";
import { periodFromSearch } from "~/lib/report-period";
import { leadReportRows } from "~/models/lead-report.server";
import { moneyReportRows } from "~/models/money-report.server";
import { plansOf } from "../query-plans";

// The reports read years of rows at year five: each of their big reads is a range of an index
// or a lookup by id, never a pass over a whole table.

const tenYears = periodFromSearch(new URLSearchParams("period=range&from=2016-12-01&to=2026-11-30"), "2026-11-30");

describe("the reports' reads", () => {
  it("look up each lead moved by its id, after one range of the moves' index", () => {
    const plans = plansOf(() => leadReportRows(leadReportSpans(tenYears.period)));
    const moved = plans.find((s) => s.sql.includes("json_each(?) j cross join"));
    expect(moved?.plan).toMatch(/SCAN j VIRTUAL TABLE[\s\S]*SEARCH leads USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const moves = plans.find((s) => s.sql.includes('from "lead_notes"'));
    expect(moves?.plan).toMatch(/SEARCH lead_notes USING COVERING INDEX lead_notes_moves_idx/);
  });

  it("find the Money report's open invoices by their index and the paid ones by id", () => {
    const plans = plansOf(() => moneyReportRows(tenYears.period, "2026-11-30")).filter((s) =>
      s.sql.includes('"invoices"."paid_cents"'),
    );
    expect(plans).toHaveLength(2);
    expect(plans[0]!.plan).toMatch(/SCAN invoices USING INDEX invoices_open_idx/);
    expect(plans[1]!.plan).toMatch(/SCAN j VIRTUAL TABLE[\s\S]*SEARCH invoices USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it("sum what each month billed from the sent invoices' index alone, no invoice's row read", () => {
    const billed = plansOf(() => moneyReportRows(tenYears.period, "2026-11-30")).filter((s) =>
      s.sql.includes('sum("invoices"."total_cents")'),
    );
    expect(billed).toHaveLength(2);
    for (const { plan } of billed) expect(plan).toMatch(/SEARCH invoices USING COVERING INDEX invoices_sent_idx/);
  });
});
