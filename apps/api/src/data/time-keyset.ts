import { sql } from "kysely";
// Keyset cursors over timestamps keep them to the microsecond: a millisecond ISO string would skip
// rows whose time shares the millisecond with the last row of a page.

/** SQL reading a timestamptz column as whole microseconds since the epoch (a safe integer until 2255). */
export const micros = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint`;

/** SQL turning a parameter holding such microseconds back into the exact timestamptz. */
export const atMicros = (param: string) =>
  `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

/** The same exact timestamptz, from microseconds bound as a parameter of a compiled statement. */
export const atMicrosOf = (value: number) =>
  sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
