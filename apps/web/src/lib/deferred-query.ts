import { useDeferredValue, useMemo } from "react";

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
  { belowFold = false }: DeferredQueryOptions = {},
): QueryView<TData, TError> {
  const { status, data, error } = query;
  const view = useMemo(
    () => ({ isPending: status === "pending", isError: status === "error", data, error }),
    [status, data, error],
  );
  return useDeferredValue(view, belowFold ? PENDING_VIEW : undefined);
}
