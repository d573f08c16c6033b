import type { TestServer } from "./server.js";

/** Adds artists by name; answers their ids by name. */
export async function insertArtists(
  t: Pick<TestServer, "query">,
  names: readonly string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of names) {
    const [row] = await t.query<{ id: string }>(`INSERT INTO artists (name) VALUES ($1) RETURNING id`, [
      name,
    ]);
    ids.set(name, row!.id);
  }
  return ids;
}

/**
 * Asks `found` every half second until it answers true, as a listener would try again: the typo
 * dictionary learns the catalog's new words within seconds, not at once. Fails after a minute.
 */
export async function eventually(found: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; !(await found()); tries++) {
    if (tries > 120) throw new Error(`${what}: not within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
