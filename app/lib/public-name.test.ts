import { describe, expect, it } from "vitest";
import { firstNameAndInitial } from "./public-name";

describe("firstNameAndInitial", () => {
  it("keeps the first name and the family name's initial", () => {
    expect(firstNameAndInitial("Dana Kowalski")).toBe("Dana K.");
    expect(firstNameAndInitial("  Mary Ann   smith ")).toBe("Mary S.");
    expect(firstNameAndInitial("Rosa Diaz-Lopez")).toBe("Rosa D.");
  });

  it("leaves a single name, an initial already given and an empty name as they are", () => {
    expect(firstNameAndInitial("Cher")).toBe("Cher");
    expect(firstNameAndInitial("Dana K.")).toBe("Dana K.");
    expect(firstNameAndInitial("   ")).toBe("");
  });

  it("skips a generational suffix", () => {
    expect(firstNameAndInitial("John Smith Jr.")).toBe("John S.");
    expect(firstNameAndInitial("Tom Baker III")).toBe("Tom B.");
  });
});
