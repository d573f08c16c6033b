import type { FastifyBaseLogger } from "fastify";
import type { PaymentService } from "@purplebeats/contracts";

/** The periodic job that settles payments left 'approved'. Safe on several instances: activation is exactly-once. */
export function startReconciliation(
  payments: PaymentService,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    payments
      .reconcile()
      .then((r) => {
        if (r.checked > 0) log.info({ reconciliation: r }, "payments reconciled");
      })
      .catch((err: unknown) => log.warn({ err }, "payment reconciliation failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
