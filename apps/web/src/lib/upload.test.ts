// @vitest-environment node
// putFile over real HTTP, in Node (happy-dom would apply CORS): a loopback server stands in for our upload route and a bucket.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putFile, uploadFailed } from "./upload";

let origin: string;
let seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } | undefined;
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    seen = { method: req.method, url: req.url, headers: req.headers, body };
    if (req.url === "/api/objects/upload/tok") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ objectPath: "/objects/abc.png" }));
    } else if (req.url?.endsWith("/not-an-image")) {
      res.statusCode = 415;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          error: "Unsupported Media Type",
          message: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
        }),
      );
    } else if (req.url?.endsWith("/storage-refuses")) {
      res.statusCode = 403;
      res.setHeader("content-type", "application/xml");
      res.end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
    } else if (req.url?.endsWith("/refuse")) {
      res.statusCode = 403;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ message: "This upload URL is not yours" }));
    } else res.end(); // S3 answers an empty 200
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const file = () => new File(["PNGDATA"], "me.png", { type: "image/png" });

describe("putFile", () => {
  it("sends the file to our own upload route with the client header, and returns the stored path", async () => {
    const path = await putFile(`${origin}/api/objects/upload/tok`, file());
    expect(path).toBe("/objects/abc.png");
    expect(seen).toMatchObject({ method: "PUT", body: "PNGDATA" });
    expect(seen?.headers["x-purplebeats-client"]).toBe("1");
    expect(seen?.headers["content-type"]).toBe("image/png");
  });

  it("sends the file to storage on another origin without our header, and returns the upload URL", async () => {
    const presigned = `${origin}/bucket/incoming/k?X-Amz-Signature=abc`;
    const answer = await putFile(presigned, file());
    expect(answer).toBe(presigned);
    expect(seen).toMatchObject({
      method: "PUT",
      url: "/bucket/incoming/k?X-Amz-Signature=abc",
      body: "PNGDATA",
    });
    expect(seen?.headers["x-purplebeats-client"]).toBeUndefined();
  });

  it("fails with the server's message when the PUT is refused", async () => {
    await expect(putFile(`${origin}/api/objects/upload/refuse`, file())).rejects.toThrow(
      "This upload URL is not yours",
    );
  });

  it("tells the listener the server's reason under SPEC.md's title, and SPEC.md's words when there is none", async () => {
    const refused = await putFile(`${origin}/api/objects/upload/not-an-image`, file()).catch(
      (e: unknown) => e,
    );
    expect(uploadFailed(refused)).toEqual({
      title: "Upload Failed",
      message: "Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded",
      variant: "destructive",
    });
    const storage = await putFile(`${origin}/bucket/storage-refuses`, file()).catch((e: unknown) => e);
    expect(uploadFailed(storage).message).toBe("Failed to upload file. Please try again.");
    expect(uploadFailed(new TypeError("Failed to fetch")).message).toBe(
      "Failed to upload file. Please try again.",
    );
  });
});
