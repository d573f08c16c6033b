// The simulator's verifier against AWS's documented requests (not our signer's output): it accepts
// exactly what AWS documents as valid, and refuses it once changed or expired.
import { describe, expect, it } from "vitest";
import { verifyRequest, type IncomingSigned } from "../src/simulator/verify.js";
import { EMPTY_SHA256 } from "../src/simulator/sigv4.js";

const secrets = new Map([["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]]);
const at = (iso: string) => ({ region: "us-east-1", secrets, now: Date.parse(iso) });

/** "GET Object" with Range, as the S3 documentation signs it. */
const documentedGet = (): IncomingSigned => ({
  method: "GET",
  rawPath: "/test.txt",
  query: [],
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    range: "bytes=0-9",
    "x-amz-content-sha256": EMPTY_SHA256,
    "x-amz-date": "20130524T000000Z",
    authorization:
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
      "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
      "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
  },
  body: Buffer.alloc(0),
});

/** The documented presigned GET of examplebucket/test.txt, valid for a day from 20130524T000000Z. */
const documentedPresigned = (
  signature = "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
): IncomingSigned => ({
  method: "GET",
  rawPath: "/test.txt",
  query: [
    ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
    ["X-Amz-Credential", "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request"],
    ["X-Amz-Date", "20130524T000000Z"],
    ["X-Amz-Expires", "86400"],
    ["X-Amz-SignedHeaders", "host"],
    ["X-Amz-Signature", signature],
  ],
  headers: { host: "examplebucket.s3.amazonaws.com" },
  body: Buffer.alloc(0),
});

describe("SigV4 verification", () => {
  it("accepts AWS's documented header-signed GET, and refuses it with another range or secret", () => {
    expect(verifyRequest(documentedGet(), at("2013-05-24T00:05:00Z"))).toBeNull();
    const otherRange = documentedGet();
    otherRange.headers.range = "bytes=0-99";
    expect(verifyRequest(otherRange, at("2013-05-24T00:05:00Z"))?.code).toBe("SignatureDoesNotMatch");
    const otherSecret = { ...at("2013-05-24T00:05:00Z"), secrets: new Map([["AKIAIOSFODNN7EXAMPLE", "x"]]) };
    expect(verifyRequest(documentedGet(), otherSecret)?.code).toBe("SignatureDoesNotMatch");
    expect(verifyRequest(documentedGet(), at("2013-05-24T00:20:00Z"))?.code).toBe("RequestTimeTooSkewed");
  });

  it("accepts AWS's documented presigned URL for its day, then says it has expired", () => {
    expect(verifyRequest(documentedPresigned(), at("2013-05-24T23:59:59Z"))).toBeNull();
    expect(verifyRequest(documentedPresigned(), at("2013-05-25T00:00:01Z"))).toEqual({
      status: 403,
      code: "AccessDenied",
      message: "Request has expired",
    });
    const tampered = documentedPresigned("beeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
    expect(verifyRequest(tampered, at("2013-05-24T01:00:00Z"))).toMatchObject({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    const elsewhere = { ...documentedPresigned(), rawPath: "/other.txt" };
    expect(verifyRequest(elsewhere, at("2013-05-24T01:00:00Z"))?.code).toBe("SignatureDoesNotMatch");
  });

  it("refuses a request without any signature", () => {
    const anonymous = { ...documentedGet(), headers: { host: "examplebucket.s3.amazonaws.com" } };
    expect(verifyRequest(anonymous, at("2013-05-24T00:00:00Z"))).toEqual({
      status: 403,
      code: "AccessDenied",
      message: "Access Denied",
    });
  });
});
