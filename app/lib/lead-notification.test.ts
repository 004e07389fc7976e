import { describe, expect, it } from "vitest";
import { newLeadSubject } from "./lead-notification";

describe("newLeadSubject", () => {
  it("names the person, the town and the work", () => {
    expect(newLeadSubject({ name: "Jane Doe", city: "Derby", service: "Roof Repairs" })).toBe(
      "New quote request: Jane Doe, Derby — Roof Repairs",
    );
  });

  it("leaves out what the visitor did not give", () => {
    expect(newLeadSubject({ name: "Jane Doe", city: null, service: "Roof Repairs" })).toBe(
      "New quote request: Jane Doe — Roof Repairs",
    );
    expect(newLeadSubject({ name: "Jane Doe", city: " Derby ", service: "" })).toBe(
      "New quote request: Jane Doe, Derby",
    );
  });

  it("calls a message with neither town nor work a message", () => {
    expect(newLeadSubject({ name: "Sam Hill", city: "", service: null })).toBe("New message from Sam Hill");
  });
});
