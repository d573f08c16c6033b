// Injected failures for the platform endpoints, so tests can see how the API copes with an
// outage ('fail' → 500) or a Pi that never answers ('timeout' → hangs past the client's limit).
import { z } from "zod";

export const faultRequestSchema = z.object({
  next: z.enum(["fail", "timeout"]),
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
  remaining: number;
}

export class FaultQueue {
  private pending: PendingFault[] = [];

  add(request: FaultRequest): void {
    const fault = faultRequestSchema.parse(request);
    this.pending.push({ kind: fault.next, path: fault.path, remaining: fault.count });
  }

  /** Consumes and returns the first fault matching this call, if any. */
  take(path: string): FaultKind | undefined {
    const index = this.pending.findIndex((fault) => fault.path === undefined || path.includes(fault.path));
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
