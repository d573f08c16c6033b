// The client's signer (aws4fetch) against the examples AWS documents for S3 (AKIAIOSFODNN7EXAMPLE at
// 20130524T000000Z): "Authenticating Requests: Using the Authorization Header" and "... Using Query
// Parameters". The simulator's verifier is checked against the same examples in verify.test.ts.
import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, presignUrl, sha256Hex, signHeaders } from "../src/signer.js";
import { canonicalPath } from "../src/simulator/sigv4.js";

const context = {
  credentials: {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  },
  region: "us-east-1",
  now: new Date("2013-05-24T00:00:00Z"),
};
const host = "https://examplebucket.s3.amazonaws.com";
const signatureOf = (headers: Headers) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.get("authorization") ?? "")?.[1];

describe("AWS Signature Version 4 (client)", () => {
  it("signs the documented GET Object with a Range header", async () => {
    const headers = await signHeaders(
      {
        method: "GET",
        url: new URL(`${host}/test.txt`),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_SHA256,
      },
      context,
    );
    expect(headers.get("x-amz-date")).toBe("20130524T000000Z");
    expect(headers.get("x-amz-content-sha256")).toBe(EMPTY_SHA256);
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs the documented PUT Object with a signed payload and a $ in the key", async () => {
    const payloadHash = sha256Hex("Welcome to Amazon S3.");
    expect(payloadHash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = await signHeaders(
      {
        method: "PUT",
        url: new URL(`${host}/test$file.text`),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash,
      },
      context,
    );
    expect(headers.get("authorization")).toContain(
      "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,",
    );
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("signs the documented bucket requests with query parameters", async () => {
    const sign = async (search: string) =>
      signatureOf(
        await signHeaders(
          { method: "GET", url: new URL(`${host}/${search}`), payloadHash: EMPTY_SHA256 },
          context,
        ),
      );
    expect(await sign("?lifecycle")).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    expect(await sign("?max-keys=2&prefix=J")).toBe(
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("presigns the documented GET Object URL valid for a day", async () => {
    const url = new URL(
      await presignUrl({ method: "GET", url: new URL(`${host}/test.txt`), expiresSeconds: 86400 }, context),
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

  it("refuses lifetimes S3 would refuse", async () => {
    const request = (expiresSeconds: number) => ({
      method: "PUT",
      url: new URL(`${host}/a`),
      expiresSeconds,
    });
    await expect(presignUrl(request(0), context)).rejects.toThrow(/positive/);
    await expect(presignUrl(request(604_801), context)).rejects.toThrow(/7 days/);
  });
});

describe("the simulator's canonical path", () => {
  it("encodes each path segment once, keeping the slashes", () => {
    expect(canonicalPath("/test$file.text")).toBe("/test%24file.text");
    expect(canonicalPath("/test%24file.text")).toBe("/test%24file.text");
    expect(canonicalPath("/bucket/a b/ü~")).toBe("/bucket/a%20b/%C3%BC~");
  });
});
