// The session query's key, shared by the provider that reads the session and the module (loaded on demand)
// that signs in and out: neither imports the other for it.

/** The session query (/api/me plus a guest start): cached 5 minutes, not retried (SPEC.md section 7). */
export const SESSION_QUERY_KEY = ["session"] as const;
