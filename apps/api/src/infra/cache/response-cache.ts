// An in-process cache of hot catalog reads: short TTL, bounded in bytes, concurrent misses share one
// load, and every stored response is serialised once (JSON; the REST shim adds gzip/brotli on first demand)
// so the REST shim can send the bytes without serialising or compressing them again.

/** The bytes of one response. `value` is the object the service returned (tRPC serialises it itself). */
export interface Serialized {
  /** False once the cache dropped the response (expired, evicted or invalidated). */
  live: boolean;
  /** When the response stops being fresh (ms since the epoch). */
  expires: number;
  /** The JSON as UTF-8 bytes, encoded once. */
  body: Buffer;
  bytes: number;
  /**
   * The response depends on who asks (the procedure checks access on every call): it must never be
   * answered again by URL without calling the procedure.
   */
  perCaller: boolean;
  /** The REST shim's compressed copies, made on first demand (web/rest/url-cache.ts). */
  gzip?: Buffer;
  br?: Buffer;
}

/** Whether a cached response may still be sent: the cache still holds it and it has not expired. */
export const isFresh = (s: Serialized) => s.live && s.expires > Date.now();

interface Entry {
  value: unknown;
  serialized: Serialized | undefined;
  expires: number;
  filledAt: number;
}

export interface CacheOptions {
  /** Upper bound of the JSON bytes kept (least recently used entries go first). */
  maxBytes: number;
  now?: () => number;
}

export interface CachedLoad<T> {
  /** How long the response stays fresh, in ms. */
  ttl: number;
  load: () => Promise<T>;
  /**
   * The object whose bytes the REST shim sends (for a page: its items array). Defaults to the value;
   * null when the response should be cached but not pre-serialised.
   */
  body?: (value: T) => object | null;
  /** See Serialized.perCaller. */
  perCaller?: boolean;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { promise: Promise<unknown>; generation: number }>();
  /** Bumped by every invalidation: a load that started before it must not be stored. */
  private generation = 0;
  private bytes = 0;
  // Responses handed out, by identity: the REST shim asks for the bytes of the object it got back.
  private readonly serializedByValue = new WeakMap<object, Serialized>();
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(private readonly options: CacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get<T>(key: string, spec: CachedLoad<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) {
      this.hits++;
      // Map order is recency order: move to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.promise as Promise<T>;
    this.misses++;
    const generation = this.generation;
    const promise = spec.load().then((value) => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      if (generation === this.generation) this.store(key, value, spec);
      return value;
    });
    promise.catch(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { promise, generation });
    return promise;
  }

  private store<T>(key: string, value: T, spec: CachedLoad<T>) {
    const body = spec.body ? spec.body(value) : (value as object | null);
    let serialized: Serialized | undefined;
    const now = this.now();
    if (body !== null && typeof body === "object") {
      const json = JSON.stringify(body);
      const bytes = Buffer.from(json);
      serialized = {
        live: true,
        expires: Date.now() + spec.ttl,
        body: bytes,
        bytes: bytes.length,
        perCaller: spec.perCaller ?? false,
      };
      this.serializedByValue.set(body, serialized);
    }
    this.remove(key);
    this.entries.set(key, { value, serialized, expires: now + spec.ttl, filledAt: now });
    this.bytes += serialized?.bytes ?? 256;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (entry.serialized) entry.serialized.live = false;
    this.entries.delete(key);
    this.bytes -= entry.serialized?.bytes ?? 256;
  }

  /** Drops the entries whose key starts with one of the prefixes (all entries without prefixes). */
  invalidate(prefixes?: string[]) {
    this.generation++;
    for (const key of [...this.entries.keys()]) {
      if (!prefixes || prefixes.some((p) => key.startsWith(p))) this.remove(key);
    }
  }

  /**
   * Lets entries under the prefixes live at most `minAgeMs` after they were filled: a change that
   * happens all the time (plays) is seen within that time without a reload on every change.
   */
  expireSoon(prefixes: string[], minAgeMs: number) {
    const now = this.now();
    // A load already under way may have read the data from before the change: it is not stored.
    if ([...this.loading.keys()].some((key) => prefixes.some((p) => key.startsWith(p)))) this.generation++;
    for (const [key, entry] of this.entries) {
      if (!prefixes.some((p) => key.startsWith(p))) continue;
      if (now - entry.filledAt >= minAgeMs) this.remove(key);
      else {
        entry.expires = Math.min(entry.expires, entry.filledAt + minAgeMs);
        if (entry.serialized)
          entry.serialized.expires = Math.min(entry.serialized.expires, Date.now() + (entry.expires - now));
      }
    }
  }

  /** The pre-serialised form of a value this cache handed out, or undefined for any other value. */
  serializedOf(value: unknown): Serialized | undefined {
    return value !== null && typeof value === "object" ? this.serializedByValue.get(value) : undefined;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
