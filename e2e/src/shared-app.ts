// The app that every journey without an environment of its own uses: the global setup starts it once per
// run and hands its origin to the workers in this variable (workers inherit the setup's environment).
export const SHARED_APP_URL_VARIABLE = "PURPLEBEATS_E2E_SHARED_APP_URL";

/** The shared app's admin, for journeys that act as one (signInAsAdmin); no other listener has it. */
export const SHARED_ADMIN_UID = "e2e-shared-admin";
