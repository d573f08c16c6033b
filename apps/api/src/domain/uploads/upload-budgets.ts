// How much one listener and one address may store: guests are free, so a fresh guest from the
// same address must not bring a fresh budget, and nobody's files may grow without end.

export interface UploadBudgets {
  /** What one user may keep stored (pending grants count at their kind's largest size). */
  userQuotaBytes: number;
  /** What one address may upload in a day, whoever it signs in as. */
  addressBytesPerDay: number;
}

export const UPLOAD_BUDGETS: UploadBudgets = {
  userQuotaBytes: 50 * 1024 * 1024,
  addressBytesPerDay: 200 * 1024 * 1024,
};

export const BUDGET_MESSAGES = {
  quota: "Your storage is full. Remove a picture you no longer use and try again.",
  address: "Too many uploads from your network today. Please try again tomorrow.",
} as const;
