// Issue 14, 'Going live in the Pi Browser': what an operator configures and reads at start.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/env.js";
import { configSummary } from "../src/config-summary.js";

describe("the configuration summary logged at start", () => {
  it("is one line naming the mode, Pi's network and where data lives, with every secret masked", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://app:db-password-123@db:5432/purplebeats",
      PI_API_KEY: "pi-key-secret-456",
      PI_VALIDATION_KEY: "validation-789",
      REDIS_URL: "redis://:redis-pass-000@cache:6379/0",
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "purplebeats",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "s3-secret-abc",
    });
    const line = configSummary(config);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain("mode=production");
    expect(line).toContain("pi=mainnet");
    expect(line).toContain("pi_api_key=set");
    expect(line).toContain("pi_validation_key=set");
    expect(line).toContain("s3 https://s3.example.com");
    for (const secret of [
      "db-password-123",
      "pi-key-secret-456",
      "validation-789",
      "redis-pass-000",
      "s3-secret-abc",
    ])
      expect(line).not.toContain(secret);
  });

  it("says simulator in development and sandbox when PI_SANDBOX=1", () => {
    expect(configSummary(loadConfig({}))).toMatch(/mode=development .*pi=simulator/);
    const sandbox = loadConfig({ NODE_ENV: "production", PI_API_KEY: "k", PI_SANDBOX: "1" });
    expect(configSummary(sandbox)).toContain("pi=sandbox");
  });
});
