// 2. Attacks through files: uploads posing as images, other users' and used upload URLs, and path
// traversal in /media and /objects.
import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";
import { Tally } from "../src/checks.js";
import { Client, rawRequest, type RawResponse } from "../src/http.js";
import { pngImage } from "../src/images.js";
import { attackSuite, attackTest, type AttackWorld } from "./helpers/attacks.js";

const { record } = attackSuite("attacks-files");

describe("attacks: files", () => {
  let { main, catalog, alice, bob } = {} as AttackWorld;
  attackTest.beforeAll(({ world }) => {
    ({ main, catalog, alice, bob } = world);
  });

  it("refuses HTML and SVG posing as images, and serves stored objects inert", async () => {
    const t = new Tally();
    const grant = async (c: Client) =>
      new URL(((await c.post("/api/objects/upload")).json as { uploadURL: string }).uploadURL).pathname;
    const put = (
      c: Client,
      path: string,
      type: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => c.request("PUT", path, body, { "content-type": type, ...headers });
    const url = await grant(alice.client);
    const fakes: Array<[string, string, string | Buffer]> = [
      ["HTML as PNG", "image/png", "<!doctype html><html><script>alert(document.cookie)</script></html>"],
      [
        "SVG with script",
        "image/svg+xml",
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ],
      ["SVG as PNG", "image/png", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
      ["JavaScript as JPEG", "image/jpeg", "alert(document.cookie)//" + "x".repeat(100)],
      ["PDF as PNG", "image/png", "%PDF-1.4\n" + "x".repeat(100)],
      ["executable as GIF", "image/gif", Buffer.concat([Buffer.from("MZ"), randomBytes(200)])],
      ["short PNG header", "image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ];
    for (const [label, type, body] of fakes) t.status(label, await put(alice.client, url, type, body), 415);
    t.status("bob uses alice's upload URL", await put(bob.client, url, "image/png", pngBytes()), 403);
    t.status(
      "no session uses alice's upload URL",
      await put(new Client(main.url), url, "image/png", pngBytes()),
      403,
    );
    t.status(
      "a forged upload token",
      await put(
        alice.client,
        `/api/objects/upload/${randomBytes(32).toString("base64url")}`,
        "image/png",
        pngBytes(),
      ),
      403,
    );
    t.status(
      "over 5 MB",
      await put(alice.client, url, "image/png", Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)])),
      413,
    );
    // A polyglot (a whole PNG, then HTML) or junk behind a PNG header is not an image: refused.
    const polyglot = Buffer.concat([pngBytes(), Buffer.from("<html><script>alert(1)</script></html>")]);
    t.status("PNG-led polyglot", await put(alice.client, url, "text/html", polyglot), 415);
    const junk = Buffer.concat([pngBytes().subarray(0, 33), randomBytes(100_000)]);
    t.status("junk behind a PNG header", await put(alice.client, url, "image/png", junk), 415);
    // A real picture is stored, and served so that no browser would run it even if it were HTML.
    const stored = await put(alice.client, url, "text/html", pngBytes());
    t.status("a real PNG stored", stored, 200);
    const objectPath = (stored.json as { objectPath?: string } | undefined)?.objectPath ?? "";
    t.status("the upload URL is single-use", await put(alice.client, url, "image/png", pngBytes()), 410);
    const served = await rawRequest(main.url, { method: "GET", path: objectPath });
    t.check(
      "served as image/png",
      served.headers["content-type"] !== "image/png" && String(served.headers["content-type"]),
    );
    t.check("served with nosniff", served.headers["x-content-type-options"] !== "nosniff" && "no nosniff");
    t.check(
      "served sandboxed",
      !/sandbox/.test(String(served.headers["content-security-policy"])) &&
        String(served.headers["content-security-policy"]),
    );
    // Bob cannot take alice's object as his avatar.
    t.status(
      "bob's avatar from alice's object",
      await bob.client.put(`/api/profile/${bob.uid}/avatar`, { avatarURL: objectPath }),
      400,
    );
    t.status(
      "alice's avatar from her object",
      await alice.client.put(`/api/profile/${alice.uid}/avatar`, { avatarURL: objectPath }),
      200,
    );
    record(
      "Attacks",
      "uploads: HTML, SVG, script, PDF and executables posing as images; another user's, forged and used upload URLs; >5 MB; a PNG-led polyglot served inert; another user's object as avatar",
      t,
    );
  });

  it("keeps /media and /objects inside their folders, however the path is spelled", async () => {
    const t = new Tally();
    const ups = [
      "../",
      "..%2f",
      "..%2F",
      "%2e%2e/",
      "%2e%2e%2f",
      "%2E%2E%2F",
      "..%252f",
      "%252e%252e%252f",
      "....//",
      "..\\",
      "..%5c",
      "%c0%ae%c0%ae/",
      "..;/",
      ".%2e/",
      "%2e./",
      "..%00/",
      "%u002e%u002e/",
    ];
    const targets = [
      "etc/passwd",
      "package.json",
      "apps/api/src/config/env.ts",
      ".git/config",
      "reliability/test-results/attacks.log",
    ];
    const leaked = (text: string) =>
      /root:.*:0:0:|"packageManager"|PI_API_KEY|\[core\]|repositoryformatversion/.test(text);
    for (const prefix of ["/media/", "/media/audio/", "/objects/"]) {
      for (const up of ups) {
        for (const depth of [1, 2, 3, 4, 8]) {
          for (const target of targets) {
            const path = `${prefix}${up.repeat(depth)}${target}`;
            let res: RawResponse;
            try {
              res = await rawRequest(main.url, { method: "GET", path });
            } catch (error) {
              // The client refuses some raw paths outright: nothing reached the server.
              t.check(path, String(error).includes("ERR_UNESCAPED_CHARACTERS") ? undefined : String(error));
              continue;
            }
            t.check(
              path,
              (res.status < 400 || res.status >= 500 || leaked(res.text)) &&
                `${res.status} ${res.text.slice(0, 80)}`,
            );
          }
        }
      }
    }
    for (const path of [
      "/media//etc/passwd",
      "/media/%2fetc%2fpasswd",
      "/media/audio/x.mp3%00.json",
      "/objects/%2e%2e",
      "/media/",
      "/media/audio/",
      "/objects/",
      "/media/.",
      "/media/%2e",
    ]) {
      const res = await rawRequest(main.url, { method: "GET", path });
      t.check(
        path,
        (res.status < 400 || res.status >= 500 || leaked(res.text)) &&
          `${res.status} ${res.text.slice(0, 80)}`,
      );
    }
    // The real files are still served (pictures: audio plays through the stream route only).
    const cover = catalog.songs[0]!.imageUrl!;
    const ok = await rawRequest(main.url, { method: "GET", path: cover, headers: { range: "bytes=0-99" } });
    t.check(
      "a song's cover",
      (ok.status !== 206 || !/^image\//.test(String(ok.headers["content-type"]))) &&
        `${ok.status} ${ok.headers["content-type"]}`,
    );
    record(
      "Attacks",
      "path traversal in /media and /objects (17 spellings incl. encoded, double-encoded, overlong UTF-8 and backslashes; 5 depths; 5 targets)",
      t,
    );
  });
});

/** A real PNG (with a little random metadata, so that no two are alike). */
function pngBytes(): Buffer {
  return pngImage(16 + (randomBytes(1)[0]! % 32));
}
