import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { getDb } = await import("~/server/db.server");
const { jobLinks } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { hashLinkToken } = await import("~/server/link-token.server");
const { newJobLinkUrl, findJobByToken } = await import("~/services/job-page-link.server");

const db = () => getDb();
const tokenOf = (url: string) => url.split("/job/")[1];

describe("job-page links", () => {
  it("are a new random token each time, kept only as its hash, each opening its lead", () => {
    const { id } = createLead({ name: "Karen Miller", email: "karen@example.com", phone: "316-555-0188", message: "Hail", street: "412 N Main St", city: "Derby", zip: "67037" });
    const { id: other } = createLead({ name: "Bob Other", email: "bob@example.com", phone: "316-555-0100", message: "Leak", street: "1 Elm", city: "Wichita", zip: "67202" });
    const a = newJobLinkUrl(id);
    const b = newJobLinkUrl(id);
    const c = newJobLinkUrl(other);
    expect(a).toMatch(/^https?:\/\/[^/]+\/job\/[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    const rows = db().select().from(jobLinks).where(eq(jobLinks.leadId, id)).all();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(a));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashLinkToken(tokenOf(a)), hashLinkToken(tokenOf(b))].sort());
    expect(findJobByToken(tokenOf(a))).toBe(id);
    expect(findJobByToken(tokenOf(b))).toBe(id);
    expect(findJobByToken(tokenOf(c))).toBe(other);
  });

  it("open nothing for an unknown or malformed token", () => {
    for (const t of ["", "short", "a".repeat(43), `${"a".repeat(42)}/`, "../../etc/passwd", hashLinkToken("x")]) expect(findJobByToken(t)).toBeNull();
  });
});
