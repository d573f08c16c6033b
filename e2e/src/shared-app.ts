// The app that every journey without an environment of its own uses: the global setup starts it once per
// run and hands its origin to the workers in this variable (workers inherit the setup's environment).
export const SHARED_APP_URL_VARIABLE = "PURPLEBEATS_E2E_SHARED_APP_URL";

/**
 * The shared app's one admin (ADMIN_UIDS): a journey signs in as it (src/admin.ts) to use the dashboard
 * without an app of its own. Journeys that publish as it leave what a listener sees to their own names.
 */
export const SHARED_ADMIN_UID = "e2e-shared-admin";
