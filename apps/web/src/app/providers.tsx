import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider } from "../account/AuthProvider";
import { MembershipProvider } from "../account/membership";
import { LazyToaster } from "../components/toast/LazyToaster";
import { createApiClient, trpc, type ApiClient } from "../lib/trpc";
import { createQueryClient } from "./query-client";
import { theme } from "./theme";

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app makes one of each on first render. */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: "default" | "test";
}

/**
 * Everything a screen relies on: theme (with tooltip timing), server data (tRPC + TanStack Query), toasts
 * and the current listener (AuthProvider: the session, a guest when there is none, wallet sign-in; MembershipProvider:
 * whether they are premium).
 */
export function AppProviders({ children, queryClient, apiClient, env = "default" }: AppProvidersProps) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [api] = useState(() => apiClient ?? createApiClient());
  return (
    <trpc.Provider client={api} queryClient={queries}>
      <QueryClientProvider client={queries}>
        {/* The theme's CSS variables come as a stylesheet (app/theme-variables.css), not resolved at each render. */}
        <MantineProvider theme={theme} forceColorScheme="dark" env={env} withCssVariables={false}>
          <LazyToaster />
          <AuthProvider>
            <MembershipProvider>{children}</MembershipProvider>
          </AuthProvider>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
