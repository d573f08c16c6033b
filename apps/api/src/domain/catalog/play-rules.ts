// When a play counts: the rules the catalog applies to every reported play (DESIGN.md "Catalog and audio").

export interface PlayRules {
  /** A listener's repeated play of a song counts again only after this long. */
  countAgainAfterSeconds: number;
  /** Each listener's history keeps only their newest plays, so it cannot grow without bound. */
  historyPerListener: number;
}

export const PLAY_RULES: PlayRules = { countAgainAfterSeconds: 30 * 60, historyPerListener: 500 };
