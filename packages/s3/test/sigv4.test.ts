// The signer against the examples AWS documents for S3 (AKIAIOSFODNN7EXAMPLE at 20130524T000000Z):
// "Authenticating Requests: Using the Authorization Header" and "... Using Query Parameters".
import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, canonicalPath, presignUrl, sha256Hex, signRequest } from "../src/sigv4.js";

const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const scope = { region: "us-east-1" };
const now = new Date("2013-05-24T00:00:00Z");
const host = "https://examplebucket.s3.amazonaws.com";
const signatureOf = (authorization: string | undefined) =>
  /Signature=([0-9a-f]{64})$/.exec(authorization ?? "")?.[1];

describe("AWS Signature Version 4", () => {
  it("signs the documented GET Object with a Range header", () => {
    const headers = signRequest({
      method: "GET",
      url: new URL(`${host}/test.txt`),
      headers: { Range: "bytes=0-9" },
      credentials,
      scope,
      now,
    });
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers["x-amz-content-sha256"]).toBe(EMPTY_SHA256);
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs the documented PUT Object with a signed payload and a $ in the key", () => {
    const payloadHash = sha256Hex("Welcome to Amazon S3.");
    expect(payloadHash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = signRequest({
      method: "PUT",
      url: new URL(`${host}/test$file.text`),
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash,
      credentials,
      scope,
      now,
    });
    expect(headers.authorization).toContain(
      "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,",
    );
    expect(signatureOf(headers.authorization)).toBe(
      "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("signs the documented bucket requests with query parameters", () => {
    const sign = (search: string) =>
      signatureOf(
        signRequest({ method: "GET", url: new URL(`${host}/${search}`), credentials, scope, now })
          .authorization,
      );
    expect(sign("?lifecycle")).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    expect(sign("?max-keys=2&prefix=J")).toBe(
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("presigns the documented GET Object URL valid for a day", () => {
    const url = new URL(
      presignUrl({
        method: "GET",
        url: new URL(`${host}/test.txt`),
        expiresSeconds: 86400,
        credentials,
        scope,
        now,
      }),
    );
    expect(url.origin + url.pathname).toBe(`${host}/test.txt`);
    expect(url.searchParams.get("X-Amz-Credential")).toBe(
      "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request",
    );
    expect(url.searchParams.get("X-Amz-Date")).toBe("20130524T000000Z");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("86400");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    expect(url.searchParams.get("X-Amz-Signature")).toBe(
      "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
  });

  it("refuses lifetimes S3 would refuse", () => {
    const base = { method: "PUT", url: new URL(`${host}/a`), credentials, scope, now };
    expect(() => presignUrl({ ...base, expiresSeconds: 0 })).toThrow(/positive/);
    expect(() => presignUrl({ ...base, expiresSeconds: 604_801 })).toThrow(/7 days/);
  });

  it("encodes each path segment once, keeping the slashes", () => {
    expect(canonicalPath("/test$file.text")).toBe("/test%24file.text");
    expect(canonicalPath("/test%24file.text")).toBe("/test%24file.text");
    expect(canonicalPath("/bucket/a b/ü~")).toBe("/bucket/a%20b/%C3%BC~");
  });
});
