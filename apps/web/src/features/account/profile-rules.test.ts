import { handleSchema, profileNameSchema } from "@purplebeats/contracts/schemas";
import { describe, expect, it } from "vitest";
import { validateHandle, validateProfileName } from "./profile-rules";

describe("profile name rule", () => {
  it.each(["", "   ", "A", " Ada ", "x".repeat(50), "x".repeat(51), ` ${"y".repeat(50)} `])(
    "agrees with the API contract for %j",
    (name) => {
      const result = profileNameSchema.safeParse(name);
      expect(validateProfileName(name)).toBe(result.success ? null : result.error.issues[0]!.message);
    },
  );
});

describe("handle rule", () => {
  it.each(["", "ab", " Ada ", "ada.l_1", "no-dash", "x".repeat(30), "x".repeat(31), "émile"])(
    "agrees with the API contract for %j",
    (handle) => {
      const result = handleSchema.safeParse(handle);
      expect(validateHandle(handle)).toBe(result.success ? null : result.error.issues[0]!.message);
    },
  );
});
