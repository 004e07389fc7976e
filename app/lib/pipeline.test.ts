import { describe, expect, it } from "vitest";
import { monthFigures, monthIn, pipelineColumns, type StatusMove } from "./pipeline";

/** A lead worth its estimate (nothing accepted yet). */
const estimate = (cents: number | null) => ({ acceptedCents: null, changeOrderCents: 0, estimateCents: cents });

const at = (iso: string) => new Date(iso);

describe("pipelineColumns", () => {
  it("counts every status in the order a job moves, with what its estimates add up to", () => {
    const columns = pipelineColumns([
      { status: "new", count: 1, totalCents: null },
      { status: "quoted", count: 2, totalCents: 2_080_050 },
      { status: "won", count: 1, totalCents: null },
    ]);
    expect(columns.map((c) => c.status)).toEqual([
      "new",
      "contacted",
      "visit_scheduled",
      "measured",
      "quoted",
      "won",
      "lost",
    ]);
    expect(columns.find((c) => c.status === "quoted")).toEqual({
      status: "quoted",
      label: "Quoted",
      count: 2,
      totalCents: 2_080_050,
    });
    expect(columns.find((c) => c.status === "contacted")).toMatchObject({ count: 0, totalCents: 0 });
    expect(columns.find((c) => c.status === "won")).toMatchObject({ count: 1, totalCents: 0 });
  });
});

describe("monthFigures", () => {
  const now = at("2026-11-23T18:00:00Z");
  it("sums this Kansas month's quotes and wins, once per lead, and works out the win rate of the leads closed in it", () => {
    const moves: StatusMove[] = [
      { leadId: 1, to: "quoted", at: Date.parse("2026-11-02T15:00:00Z"), value: estimate(1_000_000) },
      { leadId: 1, to: "quoted", at: Date.parse("2026-11-05T15:00:00Z"), value: estimate(1_000_000) },
      { leadId: 1, to: "won", at: Date.parse("2026-11-10T15:00:00Z"), value: estimate(1_000_000) },
      { leadId: 2, to: "quoted", at: Date.parse("2026-11-03T15:00:00Z"), value: estimate(500_000) },
      { leadId: 2, to: "lost", at: Date.parse("2026-11-12T15:00:00Z"), value: estimate(500_000) },
      { leadId: 3, to: "won", at: Date.parse("2026-11-13T15:00:00Z"), value: estimate(null) },
      // Lost, then won after all: the latest close counts.
      { leadId: 4, to: "lost", at: Date.parse("2026-11-14T15:00:00Z"), value: estimate(200_000) },
      { leadId: 4, to: "won", at: Date.parse("2026-11-20T15:00:00Z"), value: estimate(200_000) },
      // Last month.
      { leadId: 5, to: "won", at: Date.parse("2026-10-30T15:00:00Z"), value: estimate(900_000) },
    ];
    expect(monthFigures(moves, now)).toEqual({
      label: "November 2026",
      quoted: { count: 2, totalCents: 1_500_000 },
      won: { count: 3, totalCents: 1_200_000 },
      lost: 1,
      winRate: 0.75,
    });
  });

  it("counts as quoted what was proposed, and as won the job's value with its change orders", () => {
    // $10,000 quoted and accepted, then a $255 change order billed on the job.
    const sold = { acceptedCents: 1_000_000, changeOrderCents: 25_500, estimateCents: 1_000_000 };
    const moves: StatusMove[] = [
      { leadId: 1, to: "quoted", at: Date.parse("2026-11-02T15:00:00Z"), value: sold },
      { leadId: 1, to: "won", at: Date.parse("2026-11-04T15:00:00Z"), value: sold },
    ];
    expect(monthFigures(moves, now)).toMatchObject({
      quoted: { count: 1, totalCents: 1_000_000 },
      won: { count: 1, totalCents: 1_025_500 },
    });
  });

  it("judges the month in Kansas: 8 pm on October 31st there is already November in UTC", () => {
    const evening = at("2026-11-01T01:00:00Z");
    const eveningMs = evening.getTime();
    expect(monthIn(evening)).toBe("2026-10");
    const figures = monthFigures(
      [{ leadId: 1, to: "won", at: eveningMs, value: estimate(100) }],
      at("2026-11-01T12:00:00Z"),
    );
    expect(figures.won.count).toBe(0);
    expect(
      monthFigures([{ leadId: 1, to: "won", at: eveningMs, value: estimate(100) }], at("2026-10-31T12:00:00Z")).won
        .count,
    ).toBe(1);
  });

  it("has no win rate when nothing closed this month", () => {
    expect(monthFigures([], now)).toMatchObject({ winRate: null, lost: 0, quoted: { count: 0, totalCents: 0 } });
  });
});
