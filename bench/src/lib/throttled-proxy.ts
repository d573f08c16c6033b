// A network of a given rate in front of the app: an HTTP proxy on loopback that passes requests through and
// sends response bodies no faster than `bytesPerSecond`, one link for every client. The browser and curl then
// download through the same link, which per-client throttles did not give (Chromium's emulation ran at about
// half its rate, and curl's --limit-rate let short files through at full speed).
import http from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import type { AddressInfo } from "node:net";

/** Delays each chunk until the link's clock says its bytes have been sent. */
class Link {
  private freeAt = 0;
  constructor(private readonly bytesPerSecond: number) {}

  pace(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done: TransformCallback) => {
        const now = performance.now();
        this.freeAt = Math.max(this.freeAt, now) + (chunk.length / this.bytesPerSecond) * 1000;
        setTimeout(() => done(null, chunk), Math.max(0, this.freeAt - now));
      },
    });
  }
}

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startThrottledProxy(upstream: string, bytesPerSecond: number): Promise<Proxy> {
  const target = new URL(upstream);
  const link = new Link(bytesPerSecond);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        // The Host the client asked for, kept: the server compares a call's Origin with it.
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(link.pace()).pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
