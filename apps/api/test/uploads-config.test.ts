// Where uploads go is configuration: local disk unless all of the S3 settings are given.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env.js";
import { startTestServer } from "./helpers/server.js";

const S3_ENV = {
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_BUCKET: "purplebeats",
  S3_ACCESS_KEY_ID: "minio",
  S3_SECRET_ACCESS_KEY: "minio-secret",
};

describe("object storage configuration", () => {
  it("keeps uploads on local disk by default, as `pnpm start` does", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: "false" }).s3).toBeUndefined();
  });

  it("uses S3 when all of it is given: region us-east-1 and path-style addressing unless told otherwise", () => {
    expect(loadConfig(S3_ENV).s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "purplebeats",
      region: "us-east-1",
      accessKeyId: "minio",
      secretAccessKey: "minio-secret",
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        ...S3_ENV,
        S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
        S3_REGION: "eu-central-1",
        S3_FORCE_PATH_STYLE: "false",
      }).s3,
    ).toMatchObject({ region: "eu-central-1", forcePathStyle: false });
  });

  it("refuses to start with part of it, naming what is missing", () => {
    expect(() => loadConfig({ S3_ENDPOINT: S3_ENV.S3_ENDPOINT, S3_BUCKET: "purplebeats" })).toThrow(
      "Invalid configuration: S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together; missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
    expect(() => loadConfig({ ...S3_ENV, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /missing S3_SECRET_ACCESS_KEY$/,
    );
  });

  it("refuses a malformed endpoint or bucket name", () => {
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: "ftp://files.example" })).toThrow(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...S3_ENV, S3_BUCKET: "Pics_2024" })).toThrow(
      /S3_BUCKET: must be a valid bucket name/,
    );
  });

  it("makes the uploads folder on a first start, rather than warning that it must exist", async () => {
    const server = await startTestServer("pglite");
    try {
      expect(existsSync(server.config.uploadDir)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
