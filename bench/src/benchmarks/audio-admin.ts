// Audio: 100 concurrent range streams (time to first byte, throughput). Admin: stats and the first
// users page as an admin, one request at a time.
import http from "node:http";
import { percentile, round, type BenchResult } from "../lib/report.js";

interface Stream {
  ttfbMs: number;
  bytes: number;
  status: number;
}

function rangeStream(
  agent: http.Agent,
  url: string,
  cookie: string,
  start: number,
  end = "",
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(url, { agent, headers: { Range: `bytes=${start}-${end}`, cookie } }, (res) => {
      let first = -1;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        if (first < 0) first = performance.now() - t;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ ttfbMs: first, bytes, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * Listeners playing at once, as a browser's media element fetches: a range of CHUNK bytes, and the
 * next one when playback (at 4x real time: players buffer ahead) needs it; each seeks now and then.
 */
async function pacedListeners(
  apiUrl: string,
  audioPaths: string[],
  cookie: string,
  sizes: number[],
  seconds: number,
  listeners: number,
) {
  const CHUNK = 256 * 1024;
  const BYTES_PER_SECOND = 24_000 * 4;
  const agent = new http.Agent({ keepAlive: true, maxSockets: listeners });
  const ttfb: number[] = [];
  let bytes = 0;
  let bad = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: listeners }, async (_, i) => {
      // Listeners start spread over the first second, not all in the same millisecond.
      await new Promise((r) => setTimeout(r, (i * 1000) / listeners));
      let k = i % audioPaths.length;
      let position = 0;
      for (let n = 0; performance.now() < until; n++) {
        if (position >= sizes[k]! - 1 || (i + n) % 4 === 3) {
          // A seek into the next song.
          k = (k + 1) % audioPaths.length;
          position = Math.floor((((i * 7919 + n * 131) % 1000) / 1000) * (sizes[k]! / 2));
        }
        const end = Math.min(sizes[k]! - 1, position + CHUNK - 1);
        const s = await rangeStream(agent, apiUrl + audioPaths[k], cookie, position, String(end));
        ttfb.push(s.ttfbMs);
        bytes += s.bytes;
        if (s.status !== 206) bad++;
        position = end + 1;
        await new Promise((r) => setTimeout(r, (s.bytes / BYTES_PER_SECOND) * 1000));
      }
    }),
  );
  agent.destroy();
  return { ttfb, mbps: bytes / 1e6 / seconds, bad };
}

export async function audioBenchmark(
  apiUrl: string,
  audioPaths: string[],
  /** A session's cookie: the stream route plays for sessions only. */
  cookie: string,
  rounds: number,
  concurrency = 100,
  pacedSeconds = 10,
): Promise<BenchResult> {
  const sizes = await Promise.all(
    audioPaths.map(async (p) =>
      Number(
        (await fetch(apiUrl + p, { method: "HEAD", headers: { cookie } })).headers.get("content-length"),
      ),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const ttfb: number[] = [];
  let bytes = 0;
  let wall = 0;
  let bad = 0;
  for (let r = 0; r < rounds + 1; r++) {
    const t = performance.now();
    const streams = await Promise.all(
      Array.from({ length: concurrency }, (_, i) => {
        const k = (r * concurrency + i) % audioPaths.length;
        // Seeking listeners: ranges start anywhere in the first half of the file.
        const start = Math.floor((((i * 7919) % 1000) / 1000) * (sizes[k]! / 2));
        return rangeStream(agent, apiUrl + audioPaths[k], cookie, start);
      }),
    );
    if (r === 0) continue; // warm-up round: file system cache and connections
    wall += performance.now() - t;
    for (const s of streams) {
      ttfb.push(s.ttfbMs);
      bytes += s.bytes;
      if (s.status !== 206) bad++;
    }
  }
  agent.destroy();
  const p95 = percentile(ttfb, 95);
  const mbps = bytes / 1e6 / (wall / 1000);
  const paced = await pacedListeners(apiUrl, audioPaths, cookie, sizes, pacedSeconds, concurrency);
  const pacedP95 = percentile(paced.ttfb, 95);
  return {
    name: "audio",
    title: `Audio: ${concurrency} concurrent range streams`,
    notes: [
      `At once: ${rounds} rounds; each stream asks for bytes=<start>- of one of ${audioPaths.length} catalog songs through the stream route, with a session (${round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1e6, 2)} MB on average) and reads it to the end.`,
      `Listeners: each fetches 256 KB ranges as playback at 4x real time needs them (192 kbit/s audio), seeking every few ranges; starts spread over 1 s.`,
    ],
    columns: ["load", "requests", "TTFB p50 ms", "TTFB p95 ms", "TTFB max ms", "throughput MB/s", "non-206"],
    rows: [
      {
        load: `${concurrency} listeners playing, ${pacedSeconds} s`,
        requests: paced.ttfb.length,
        "TTFB p50 ms": round(percentile(paced.ttfb, 50), 2),
        "TTFB p95 ms": round(pacedP95, 2),
        "TTFB max ms": round(Math.max(...paced.ttfb), 2),
        "throughput MB/s": round(paced.mbps),
        "non-206": paced.bad,
      },
      {
        load: `${concurrency} streams at once, read to the end`,
        requests: ttfb.length,
        "TTFB p50 ms": round(percentile(ttfb, 50), 2),
        "TTFB p95 ms": round(p95, 2),
        "TTFB max ms": round(Math.max(...ttfb), 2),
        "throughput MB/s": round(mbps),
        "non-206": bad,
      },
    ],
    budgets: [
      {
        figure: `audio time to first byte, p95 (${concurrency} listeners playing)`,
        budget: "<= 20 ms",
        measured: `${round(pacedP95, 1)} ms (${concurrency} started at once: ${round(p95, 1)} ms)`,
        met: pacedP95 <= 20 && bad === 0 && paced.bad === 0,
      },
    ],
  };
}

export async function adminBenchmark(
  apiUrl: string,
  cookie: string,
  users: number,
  requests: number,
): Promise<BenchResult> {
  const rows = [];
  const budgets = [];
  for (const [label, path] of [
    ["stats", "/api/admin/stats"],
    ["users, first page", "/api/admin/users"],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const t = performance.now();
      const res = await fetch(apiUrl + path, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: is the admin session valid?`);
      if (i >= 10) times.push(performance.now() - t);
    }
    const p95 = percentile(times, 95);
    rows.push({
      request: label,
      n: times.length,
      "p50 ms": round(percentile(times, 50), 2),
      "p95 ms": round(p95, 2),
      "max ms": round(Math.max(...times), 2),
    });
    budgets.push({
      figure: `admin ${label} at ${users.toLocaleString("en-US")} users, p95`,
      budget: "<= 50 ms",
      measured: `${round(p95, 1)} ms`,
      met: p95 <= 50,
    });
  }
  return {
    name: "admin",
    title: `Admin at ${users.toLocaleString("en-US")} users, one request at a time`,
    notes: ["As a generated admin with a session row the bench inserts; 10 warm-up requests each."],
    columns: ["request", "n", "p50 ms", "p95 ms", "max ms"],
    rows,
    budgets,
  };
}
