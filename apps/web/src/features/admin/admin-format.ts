// How the admin dashboard writes its figures (SPEC.md section 2): revenue with two decimals and π,
// conversion with one decimal and %, dates as readers of the dashboard's language write them.

/** A count as the language groups its digits ('1,234' in English, '1.234' in Serbian). */
export const formatCount = (count: number, locale: string) => new Intl.NumberFormat(locale).format(count);

export const formatRevenue = (revenue: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(revenue)}π`;

/** A rate given in percent (33.3 for a third). */
export const formatConversionRate = (rate: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate / 100);

/** A date in the dashboard's language ('1. 6. 2025.' in Serbian); '—' when there is none. */
export function formatAdminDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleDateString(locale);
}

/** The first letter of a name, for a user without a picture. */
export const initialOf = (name: string) => (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();

/**
 * A translated sentence with an element inside it (a command in code type): the text before and after
 * the placeholder, so that the translation decides where the element goes.
 */
export function aroundPlaceholder(text: string): [string, string] {
  const [before = "", after = ""] = text.split(PLACEHOLDER);
  return [before, after];
}
export const PLACEHOLDER = "\u0000";
