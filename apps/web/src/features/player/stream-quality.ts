// Which rendition a song is fetched at: the listener's choice (Automatic, Low, Standard, High), what their
// membership allows, and, on Automatic, what the browser says of the connection (the Network Information
// API: Chromium on Android has it; WebKit has not, and there Automatic is what the membership allows).
import type { StreamQuality } from "@purplebeats/contracts";
import type { QualityChoice } from "@purplebeats/contracts/constants";

export { QUALITY_CHOICES, type QualityChoice } from "@purplebeats/contracts/constants";

/** What `navigator.connection` tells, where it exists. */
export interface ConnectionHint {
  saveData?: boolean;
  effectiveType?: string;
}

/** Connections slower than about 100 kbps sustained: 128 kbps would stall, 64 kbps plays. */
const SLOW_TYPES = new Set(["slow-2g", "2g"]);

export function streamQuality(
  choice: QualityChoice,
  isPremium: boolean,
  connection: ConnectionHint | null | undefined,
): StreamQuality {
  const best: StreamQuality = isPremium ? "high" : "standard";
  switch (choice) {
    case "low":
      return "low";
    case "standard":
      return "standard";
    case "high":
      return best;
    case "auto":
      if (connection?.saveData) return "low";
      if (connection?.effectiveType && SLOW_TYPES.has(connection.effectiveType)) return "low";
      // 3G carries 128 kbps but not 320 with room to spare.
      if (connection?.effectiveType === "3g") return "standard";
      return best;
  }
}

/** The browser's connection hints, or null where it has no Network Information API. */
export function connectionHint(): ConnectionHint | null {
  if (typeof navigator === "undefined") return null;
  const connection = (navigator as Navigator & { connection?: ConnectionHint }).connection;
  return connection ? { saveData: connection.saveData, effectiveType: connection.effectiveType } : null;
}
