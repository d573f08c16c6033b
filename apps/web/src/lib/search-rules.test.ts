import * as contract from "@purplebeats/contracts/schemas";
import { describe, expect, it } from "vitest";
import * as rules from "./search-rules";

describe("search rules", () => {
  it("match the API contract", () => {
    expect(rules.SUGGESTION_MIN_CHARS).toBe(contract.SUGGESTION_MIN_CHARS);
    expect(rules.SUGGESTION_LIMIT).toBe(contract.SUGGESTION_LIMIT);
    expect(rules.MAX_QUERY_LENGTH).toBe(contract.MAX_QUERY_LENGTH);
  });
});
