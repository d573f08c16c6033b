// The simulator accepts any username and fakes payments: it must never answer in production.
export function assertNotProduction(): void {
  if (process.env.NODE_ENV === "production") {
    throw new Error(
      "The Pi simulator must not run in production (NODE_ENV=production); use the real Pi Platform",
    );
  }
}
