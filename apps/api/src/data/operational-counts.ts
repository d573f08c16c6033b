// Counts the metrics endpoint reports at each scrape, read from the database so that every instance
// reports the same totals.
import { selectRows, type Queryable } from "./sql.js";

/** Jobs in each of the given pg-boss queues and states; rejects when pg-boss's schema is not there yet. */
export function jobCountsByQueueState(db: Queryable, queues: readonly string[], states: readonly string[]) {
  return selectRows<{ name: string; state: string; n: number }>(
    db,
    `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job
     WHERE name = ANY($1) AND state::text = ANY($2) GROUP BY name, state`,
    [queues, states],
  );
}

/** Premium payments recorded, by status. */
export function paymentCountsByStatus(db: Queryable) {
  return selectRows<{ status: string; n: number }>(
    db,
    `SELECT status, count(*)::int AS n FROM pi_payments GROUP BY status`,
    [],
  );
}
