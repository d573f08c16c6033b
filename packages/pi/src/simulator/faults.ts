// Injected failures for the platform endpoints, so tests can see how the API copes with an
// outage ('fail' → 500), a Pi that never answers ('timeout' → hangs past the client's limit), or an
// answer lost on the way back ('lost': Pi did the work, then the caller saw a 500, as when the app's
// server crashes between Pi's answer and recording it).
import { z } from "zod";

export const faultRequestSchema = z.object({
  next: z.enum(["fail", "timeout", "lost"]),
  /** Only calls with this method (a create is a POST, a read of the same path a GET). */
  method: z.enum(["GET", "POST"]).optional(),
  /** Only calls whose path contains this text, e.g. '/approve' or '/v2/me'; all platform calls when absent. */
  path: z.string().min(1).optional(),
  /** How many matching calls misbehave. */
  count: z.number().int().positive().default(1),
});

export type FaultRequest = z.input<typeof faultRequestSchema>;
export type FaultKind = z.infer<typeof faultRequestSchema>["next"];

interface PendingFault {
  kind: FaultKind;
  path: string | undefined;
  method: string | undefined;
  remaining: number;
}

export class FaultQueue {
  private pending: PendingFault[] = [];

  add(request: FaultRequest): void {
    const fault = faultRequestSchema.parse(request);
    this.pending.push({ kind: fault.next, path: fault.path, method: fault.method, remaining: fault.count });
  }

  /** Consumes and returns the first fault matching this call, if any. */
  take(path: string, method?: string): FaultKind | undefined {
    const index = this.pending.findIndex(
      (fault) =>
        (fault.path === undefined || path.includes(fault.path)) &&
        (fault.method === undefined || fault.method === method),
    );
    const fault = this.pending[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.pending.splice(index, 1);
    return fault.kind;
  }

  get size(): number {
    return this.pending.length;
  }

  clear(): void {
    this.pending = [];
  }
}
