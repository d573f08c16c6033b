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
