import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { users } from "~/db/schema";
import { systemActor } from "~/lib/actor";
import { assignLead } from "~/models/lead-assignment.server";
import { createLead } from "~/models/lead.server";
import { upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { loader } from "~/routes/admin/layout";

// The header's "new" count is of the leads the person can open: the crew's own and free
// ones (decision 0053), not a number over a shorter list.

type Header = { data: { waiting: { fresh: number; due: number } } };
const header = async (cookie: string) =>
  (
    (await loader(
      routeArgs(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })),
    )) as unknown as Header
  ).data.waiting;

let owner = "";
let crew = { id: 0, cookie: "" };
beforeAll(async () => {
  owner = await signedInOwner();
  const { user } = await upsertUser("sam@example.com", "sam-password-123", { name: "Sam Ortiz" });
  getDb().update(users).set({ role: "crew" }).where(eq(users.id, user.id)).run();
  crew = { id: user.id, cookie: (await startSession(user.id)).split(";")[0]! };
});

describe("the header's new-lead count", () => {
  it("counts every new lead for the owner, and for the crew only theirs and the free ones", async () => {
    const lead = (name: string) => createLead({ name, email: `${name}@example.com`, phone: null, message: "Roof" });
    const mine = lead("mine");
    lead("free");
    const someoneElses = lead("taken");
    const { user: other } = await upsertUser("kim@example.com", "kim-password-123", { name: "Kim Ruiz" });
    assignLead(mine.id, crew.id, systemActor("owner@example.com"));
    assignLead(someoneElses.id, other.id, systemActor("owner@example.com"));
    expect((await header(owner)).fresh).toBe(3);
    expect((await header(crew.cookie)).fresh).toBe(2);
  });
});

describe("who is signed in", () => {
  const who = async (cookie: string) =>
    (
      (await loader(routeArgs(new Request("http://site.test/admin", { headers: { Cookie: cookie } })))) as unknown as {
        data: { person: string };
      }
    ).data.person;

  it("the header names the person, and shows the email only while they have no name", async () => {
    expect(await who(crew.cookie)).toBe("Sam Ortiz");
    expect(await who(owner)).toMatch(/@/);
  });
});
