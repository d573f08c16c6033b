// Settles payments left 'approved' with the Pi Platform once: `pnpm --filter @purplebeats/api payments:reconcile`.
import "reflect-metadata";
import { openDatabase } from "@purplebeats/db";
import { createPiPlatformClient } from "@purplebeats/pi";
import { loadConfig } from "../config/env.js";
import { createMembershipService } from "../domain/payments/memberships.js";
import { createPaymentService } from "../domain/payments/payments.js";
import { createNotifier } from "../domain/inbox/notifier.js";

const config = loadConfig();
if (config.pi.simulator) {
  console.error(
    "Reconciliation talks to the real Pi Platform: set PI_SIMULATOR=0, PI_API_URL and PI_API_KEY.",
  );
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const pi = createPiPlatformClient({
  baseUrl: config.pi.apiUrl,
  apiKey: config.pi.apiKey,
  timeoutMs: config.pi.timeoutMs,
});
// A payment completed here gets its receipt in the listener's inbox too.
const notifier = createNotifier(db.dataSource, pi, {
  warn: (obj, message) => console.error(message, obj),
});
const payments = createPaymentService(db.dataSource, pi, createMembershipService(db.dataSource), notifier, {
  tipFeePercent: config.artists.tipFeePercent,
});
const result = await payments.reconcile({ olderThanSeconds: 0, limit: 10_000 });
await notifier.settled();
await db.close();
console.log(
  `Checked ${result.checked} approved payments: ${result.completed} completed, ${result.cancelled} cancelled.`,
);
