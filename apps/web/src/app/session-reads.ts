// The reads of a page server-rendered for one caller's session (never for the page shared by first visits): who they
// are, their profile and their membership, so that the server-rendered header is theirs from the first paint (a premium
// member is never offered 'Go Premium') and the browser hydrates it from the same data.
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { SESSION_QUERY_KEY } from "../features/account";
import type { ApiClient } from "../lib/trpc";

/**
 * Reads the session's user, their profile and their membership under the keys the browser reads them by. The session is
 * cached as already stale: the browser still reads it once (the local records follow it, features/account/session.ts),
 * rendering the server's response meanwhile. Settles when both have responded (a failure leaves them unread).
 */
export async function prefetchSessionReads(queryClient: QueryClient, client: ApiClient): Promise<void> {
  const me = await client.auth.me.query();
  if (!me) return;
  queryClient.setQueryData(SESSION_QUERY_KEY, me, { updatedAt: 0 });
  const api = createTRPCQueryUtils({ queryClient, client });
  // The profile too: the header's avatar shows its name's initials (or its picture), and painted from the
  // username alone it changed at hydration for anyone whose profile name is not their username ('A', 'AL').
  await Promise.all([
    api.membership.get.prefetch({ userId: me.uid }),
    api.profile.get.prefetch({ userId: me.uid }),
  ]);
}
