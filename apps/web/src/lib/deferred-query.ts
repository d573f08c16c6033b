import { useDeferredValue, useMemo } from "react";
import { useMountedInServerHtml } from "../first-screen/server-html";

export interface QueryView<TData, TError> {
  isPending: boolean;
  isError: boolean;
  data: TData | undefined;
  error: TError | null;
}

const PENDING_VIEW: QueryView<never, never> = {
  isPending: true,
  isError: false,
  data: undefined,
  error: null,
};

export interface DeferredQueryOptions {
  /**
   * Below the fold: even data already cached at mount is rendered in a background render, the section
   * showing its placeholder until then (a screen mounting with all its data cached rendered everything in
   * one long task).
   */
  belowFold?: boolean;
  /**
   * The server reads it for the screen's HTML (first-screen/first-screen-reads.ts): a section below the fold that
   * mounts in the hydration of that HTML renders what the server rendered (its data), not its placeholder
   * to be replaced a moment later (the placeholders' removal and the rows' insertion and layout were the
   * longest tasks after Home's first paint). Mounted later, it is rendered in the background as above.
   */
  inServerHtml?: boolean;
}

/**
 * What a screen renders from a query, handed over as a background render. TanStack Query delivers results
 * through useSyncExternalStore, which React renders at once, in one task: a screenful of cards rendered that
 * way blocks the main thread for hundreds of milliseconds on a phone (Lighthouse's Total Blocking Time).
 * Through useDeferredValue React keeps showing the previous state (the skeletons) and renders the results
 * in a render that yields to the browser every few milliseconds. Cached data still renders at once
 * (below the fold: in the background too).
 */
export function useDeferredQuery<TData, TError>(
  query: {
    status: "pending" | "error" | "success";
    data: TData | undefined;
    error: TError | null;
  },
  { belowFold = false, inServerHtml = false }: DeferredQueryOptions = {},
): QueryView<TData, TError> {
  const { status, data, error } = query;
  const view = useMemo(
    () => ({ isPending: status === "pending", isError: status === "error", data, error }),
    [status, data, error],
  );
  const hydrated = useMountedInServerHtml() && inServerHtml;
  return useDeferredValue(view, belowFold && !hydrated ? PENDING_VIEW : undefined);
}

/**
 * How many of a list's `total` rows to render: the first `firstRows` with the list (a phone's screenful: the
 * tap that opens a list renders no more), the others in a background render after it. A list that mounts in
 * the server's HTML or its hydration has them all there: the server renders every row, so the browser has no
 * rows to insert (and lay out) after its first paint.
 */
export function useRowsShown(total: number, firstRows: number | undefined): number {
  const inServerHtml = useMountedInServerHtml();
  return useDeferredCount(total, inServerHtml ? undefined : firstRows);
}

/**
 * `total`, starting from `first` (when fewer) and reaching `total` in a background render. No initial value
 * when `first` covers them all: React renders a deferred value's initial value and then the value itself, in
 * a second render, even when the two are the same.
 */
export function useDeferredCount(total: number, first: number | undefined): number {
  return useDeferredValue(total, first !== undefined && first < total ? first : undefined);
}
