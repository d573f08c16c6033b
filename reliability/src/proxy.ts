// A small round-robin HTTP load balancer on loopback, standing for the one in front of several API
// instances: it keeps the Host header, appends the client's address to X-Forwarded-For (as nginx's
// proxy_add_x_forwarded_for and cloud load balancers do) and sets X-Forwarded-Proto.
import http from "node:http";
import type { Socket } from "node:net";

export interface Proxy {
  url: string;
  /** Requests sent to each upstream, by index. */
  counts: number[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /**
   * The client address the proxy appends. Test clients all live on 127.0.0.1, which a trusted-proxy
   * rule would take for another proxy; a real balancer sees public addresses. Default: a documentation
   * address (198.51.100.x) per client connection.
   */
  clientAddress?: (socket: Socket) => string;
}

export async function startProxy(upstreams: () => string[], options: ProxyOptions = {}): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts: number[] = [];
  let next = 0;
  const addresses = new WeakMap<object, string>();
  let connections = 0;
  const clientAddress =
    options.clientAddress ??
    ((socket) => {
      let address = addresses.get(socket);
      if (!address) addresses.set(socket, (address = `198.51.100.${(connections++ % 250) + 1}`));
      return address;
    });

  const server = http.createServer((req, res) => {
    const targets = upstreams();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const forwardedFor = [req.headers["x-forwarded-for"], clientAddress(req.socket)]
        .filter(Boolean)
        .join(", ");
      const attempt = (tries: number) => {
        const index = next++ % targets.length;
        const target = new URL(targets[index]!);
        counts[index] = (counts[index] ?? 0) + 1;
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            agent,
            headers: {
              ...req.headers,
              "x-forwarded-for": forwardedFor,
              "x-forwarded-proto": "http",
              "x-forwarded-host": req.headers.host ?? "",
            },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          // Refused: the request never reached that instance, so another may take it (as a balancer does).
          if (error.code === "ECONNREFUSED" && tries < targets.length) return attempt(tries + 1);
          if (!res.headersSent) {
            res.writeHead(502, { "content-type": "application/json" });
            res.end(
              JSON.stringify({
                error: "Bad Gateway",
                message: `The proxy could not reach the API: ${error.code}`,
              }),
            );
          } else res.destroy();
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
