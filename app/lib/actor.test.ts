import { describe, expect, it } from "vitest";
import { actorOf, systemActor, writtenBy } from "./actor";

describe("actor", () => {
  it("names an account by its name, or its email while it has none", () => {
    expect(actorOf({ userId: 3, name: "Kim Ruiz", email: "kim@example.com" })).toEqual({ id: 3, name: "Kim Ruiz" });
    expect(actorOf({ userId: 3, name: "  ", email: "kim@example.com" })).toEqual({ id: 3, name: "kim@example.com" });
  });

  it("writes the history columns: the name as it was and the account's id", () => {
    expect(writtenBy({ id: 3, name: "Kim Ruiz" })).toEqual({ author: "Kim Ruiz", authorId: 3 });
    expect(writtenBy(systemActor("Roof tool"))).toEqual({ author: "Roof tool", authorId: null });
  });
});
