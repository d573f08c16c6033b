import { describe, expect, it } from "vitest";
import { initialsOf } from "./profile";

describe("initialsOf", () => {
  it("takes the first letter of up to two words, upper-cased", () => {
    expect(initialsOf("Ada Lovelace")).toBe("AL");
    expect(initialsOf("jean luc picard")).toBe("JL");
    expect(initialsOf("pioneer")).toBe("P");
    expect(initialsOf("  Guest   User ")).toBe("GU");
  });

  it("is empty without a name, and keeps a letter outside the basic plane whole", () => {
    expect(initialsOf("")).toBe("");
    expect(initialsOf(null)).toBe("");
    expect(initialsOf("𝒜da Byron")).toBe("𝒜B");
  });
});
