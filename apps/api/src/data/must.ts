// In data/ so that every role may import it (data/ imports nothing of the API but itself).

/** `value`, or a throw naming the invariant that should have made it present (instead of a later "of undefined"). */
export function must<T>(value: T | null | undefined, invariant: string): T {
  if (value === null || value === undefined) throw new Error(`Invariant broken: ${invariant}`);
  return value;
}
