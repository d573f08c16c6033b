// How the admin dashboard writes its figures (SPEC.md section 2): revenue with two decimals and π,
// conversion with one decimal and %, dates in the Serbian locale.

export const ADMIN_LOCALE = "sr-RS";

export const formatRevenue = (revenue: number) => `${revenue.toFixed(2)}π`;
export const formatConversionRate = (rate: number) => `${rate.toFixed(1)}%`;

/** A date as Serbian readers write it ('1. 6. 2025.'); '—' when there is none. */
export function formatSerbianDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleDateString(ADMIN_LOCALE);
}

/** The first letter of a name, for a user without a picture. */
export const initialOf = (name: string) => (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();
