import type { CDPSession } from "playwright-core";

/** One event of a Chromium trace (the fields the bench reads). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (microseconds); wall time (`dur`) also holds the time the
   * thread waited for a core other processes held. */
  tdur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { type?: string; message?: string };
    beginData?: Record<string, unknown>;
  };
}

/** Chromium's trace of `act`, with the given categories, through a DevTools session on the page. */
export async function recordTrace(
  cdp: CDPSession,
  categories: string[],
  act: () => Promise<void>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: categories },
  });
  await act();
  await cdp.send("Tracing.end");
  await complete;
  return events;
}
