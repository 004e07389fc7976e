import { describe, expect, it } from "vitest";
import { britishSpellings } from "../../tests/british-spellings";
import { visitMail, type VisitMailFacts, type VisitMailKind } from "./visit-mail";

const facts: VisitMailFacts = {
  kind: "inspection",
  startsAt: new Date("2026-11-02T15:00:00Z"),
  durationMinutes: 90,
  who: "Kim Alvarez",
  homeowner: "Karen Miller",
  address: "412 N Main St, Derby, KS 67037",
  company: "Prairie Ridge Framing & Roofing",
  phone: "(620) 555-0142",
  jobPageLink: "https://roofs.example/job/abc",
};

describe("the homeowner's visit mails", () => {
  it("say what, when (Kansas time), where, who and how long, and link the job page", () => {
    const mail = visitMail("confirmation", facts);
    expect(mail.subject).toBe("Your inspection with Prairie Ridge Framing & Roofing: Mon, Nov 2 at 9:00 AM");
    expect(mail.text).toContain(
      "Your inspection is booked for Monday, November 2, 2026 at 9:00 AM (Kansas time) at 412 N Main St, Derby, KS 67037.",
    );
    expect(mail.text).toContain(
      "Kim Alvarez from Prairie Ridge Framing & Roofing will be there. It takes about 1.5 hours.",
    );
    expect(mail.text).toContain("https://roofs.example/job/abc");
    expect(mail.html).toContain('<a href="https://roofs.example/job/abc">See your job</a>');
    expect(mail.html).toContain("Prairie Ridge Framing &#38; Roofing");
  });

  it("has a subject of its own for each kind, in US English", () => {
    const subjects = (["confirmation", "reminder", "moved", "updated", "cancelled"] as VisitMailKind[]).map((kind) =>
      visitMail(kind, { ...facts, who: null }),
    );
    expect(subjects.map((m) => m.subject)).toEqual([
      "Your inspection with Prairie Ridge Framing & Roofing: Mon, Nov 2 at 9:00 AM",
      "Tomorrow: your inspection with Prairie Ridge Framing & Roofing at 9:00 AM",
      "Your inspection has moved to Mon, Nov 2 at 9:00 AM",
      "Your inspection on Mon, Nov 2 at 9:00 AM now takes about 1.5 hours",
      "Your inspection on Mon, Nov 2 at 9:00 AM is canceled",
    ]);
    for (const mail of subjects.slice(0, 4))
      expect(mail.text).toContain("Someone from Prairie Ridge Framing & Roofing will be there.");
    for (const mail of subjects) {
      expect(britishSpellings(`${mail.subject}\n${mail.text}`)).toEqual([]);
    }
  });

  it("a new length at the same start says the time stands and what it now takes, never that it moved", () => {
    const mail = visitMail("updated", { ...facts, durationMinutes: 120 });
    expect(mail.subject).not.toMatch(/moved/i);
    expect(mail.text).toContain(
      "Your inspection is still on Monday, November 2, 2026 at 9:00 AM (Kansas time) at 412 N Main St, Derby, KS 67037; it now takes about 2 hours.",
    );
    expect(mail.text).not.toMatch(/moved/i);
  });

  it("words the time the same way in every mail, the cancellation too: Kansas time", () => {
    const time = "Monday, November 2, 2026 at 9:00 AM (Kansas time)";
    for (const kind of ["confirmation", "reminder", "moved", "updated", "cancelled"] as VisitMailKind[])
      expect(visitMail(kind, facts).text, kind).toContain(time);
    expect(visitMail("cancelled", facts).text).toContain(
      `Your inspection on ${time} is canceled. We will be in touch to find a new time.`,
    );
    const moved = visitMail("moved", { ...facts, was: new Date("2026-10-30T19:30:00Z") });
    expect(moved.text).toContain("which was set for Friday, October 30, 2026 at 2:30 PM (Kansas time), is now on");
  });
});
