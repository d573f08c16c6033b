// Songs a listener is waiting for while the seed's clips are synthesised (a first start on an empty media
// folder takes minutes): the writer takes those next, ahead of the catalog's order, and says when each is
// written, so the stream can answer the song instead of 'Song not found'.
export class ClipRequests {
  private readonly asked = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();
  private ended = false;
  private onAsk: ((slug: string) => void) | undefined;

  /** Resolves once the song's clip is written, or once the writer has finished (or stopped) without it. */
  whenWritten(slug: string): Promise<void> {
    if (this.ended) return Promise.resolve();
    this.asked.add(slug);
    this.onAsk?.(slug);
    return new Promise((resolve) => {
      const list = this.waiters.get(slug) ?? [];
      list.push(resolve);
      this.waiters.set(slug, list);
    });
  }

  /**
   * For a writer in another process: tells `listener` each song asked for, those waiting now first, until the
   * returned function is called.
   */
  forwardAsks(listener: (slug: string) => void): () => void {
    this.onAsk = listener;
    for (const slug of this.asked) listener(slug);
    return () => {
      if (this.onAsk === listener) this.onAsk = undefined;
    };
  }

  /** The next song to synthesise: the first one asked for that is still queued, else the queue's first. */
  takeNext<T extends { slug: string }>(queue: T[]): T | undefined {
    const asked = this.asked.size > 0 ? queue.findIndex((input) => this.asked.has(input.slug)) : -1;
    return asked >= 0 ? queue.splice(asked, 1)[0] : queue.shift();
  }

  written(slug: string): void {
    this.asked.delete(slug);
    for (const resolve of this.waiters.get(slug) ?? []) resolve();
    this.waiters.delete(slug);
  }

  /** The writer is done: nobody waits any longer (a clip still missing is then really missing). */
  end(): void {
    this.ended = true;
    this.asked.clear();
    for (const list of this.waiters.values()) for (const resolve of list) resolve();
    this.waiters.clear();
  }
}
