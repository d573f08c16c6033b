// Reads rows by key in rounds. A lookup joins the next round, and a round starts only after the one under
// way has ended, so every result was read after its lookup was asked: a write committed before the ask is
// always seen (as with a query of its own), while 50 concurrent readers cost one query per round trip.

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export class BatchedLookup<K, V> {
  private next = new Map<K, Array<Waiter<V>>>();
  private running = false;

  /** `read` answers the rows found for the keys (a missing key is answered undefined). */
  constructor(
    private readonly read: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.next.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.next.set(key, [{ resolve, reject }]);
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    while (this.next.size > 0) {
      const round = new Map<K, Array<Waiter<V>>>();
      for (const [key, waiters] of this.next) {
        if (round.size >= this.maxKeys) break;
        round.set(key, waiters);
      }
      for (const key of round.keys()) this.next.delete(key);
      try {
        const found = await this.read([...round.keys()]);
        for (const [key, waiters] of round) for (const w of waiters) w.resolve(found.get(key));
      } catch (error) {
        for (const waiters of round.values()) for (const w of waiters) w.reject(error);
      }
    }
    this.running = false;
  }
}
