import { QueryClient } from "@tanstack/react-query";

/**
 * SPEC.md section 7: no automatic retries, no refetch on window focus, data never goes stale on its own.
 * Fresh data comes from explicit invalidation after changes. Reads that need other rules (the session,
 * cached 5 minutes; the profile, refetched on focus) set them on their own query.
 * Offline, calls are still made (networkMode 'always'): they fail at once and the screen says 'You are
 * offline...' with its retry, where TanStack's default held them back and showed a skeleton without end.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, networkMode: "always" },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
