// Where each page of the history was scrolled, so that Back finds a list where it was left. The browser's own
// restoration cannot do it for an app: on Back it scrolls before the page is drawn again, and a page whose
// rows arrive in a background render (a playlist's, a category's) is too short then, so the position is lost.

export type NavigationKind = "POP" | "PUSH" | "REPLACE";

export interface ScrollMove {
  /** How the router got here (react-router's navigation type). */
  navigation: NavigationKind;
  /** The path (and query, for a push) differs from the page shown before: another page, not a hash or a filter. */
  pageChanged: boolean;
  /** The first page of this document: a reload or a cross-document Back restores, a typed address does not. */
  initial: { restores: boolean } | null;
  /** The position this history entry had, if the app saw it. */
  remembered: number | undefined;
}

/** What to do with the scroll position after a navigation: go to a position, or leave it as it is. */
export function scrollAfter({ navigation, pageChanged, initial, remembered }: ScrollMove): number | null {
  if (initial) return initial.restores && remembered !== undefined ? remembered : null;
  if (!pageChanged) return null;
  if (navigation === "POP") return remembered ?? 0;
  // A page opened from a link starts at its top.
  return 0;
}

const STORAGE_KEY = "purplebeats-scroll";
/** Enough for any Back a listener makes; older entries are dropped so that the record stays small. */
export const MAX_REMEMBERED = 100;

/** Positions by history entry (react-router's location key), kept for the tab's session across reloads. */
export class ScrollMemory {
  private readonly positions: Map<string, number>;

  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem"> | null) {
    this.positions = new Map(readPositions(storage));
  }

  remember(entry: string, top: number): void {
    this.positions.delete(entry); // the newest last, so the oldest are dropped first
    this.positions.set(entry, Math.max(0, Math.round(top)));
    if (this.positions.size > MAX_REMEMBERED) {
      const oldest = this.positions.keys().next().value;
      if (oldest !== undefined) this.positions.delete(oldest);
    }
  }

  recall(entry: string): number | undefined {
    return this.positions.get(entry);
  }

  /** Writes the positions for a reload (on pagehide: not on every scroll event). */
  save(): void {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify([...this.positions]));
    } catch {
      // Storage full or refused (private mode): Back within the page still works.
    }
  }
}

function readPositions(storage: Pick<Storage, "getItem"> | null): Array<[string, number]> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is [string, number] =>
        Array.isArray(item) &&
        typeof item[0] === "string" &&
        typeof item[1] === "number" &&
        Number.isFinite(item[1]),
    );
  } catch {
    return [];
  }
}
