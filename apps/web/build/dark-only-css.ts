// The app is dark only (its HTML says data-mantine-color-scheme="dark" and nothing changes it:
// src/app/providers.tsx), yet Mantine's stylesheets and the theme's variables carry a light scheme too: about
// 1 KB gzip of every first screen (budget: 170 KB) that no page ever applies. The build leaves those rules out.

/** What the plugin reads and changes of a PostCSS rule. */
export interface CssRule {
  selectors: string[];
  remove(): void;
}

const LIGHT_SCHEME = /\[data-mantine-color-scheme=(["']?)light\1\]/;

/** A PostCSS plugin: selectors for the light scheme dropped, and rules left with none removed. */
export function darkOnlyCss() {
  return {
    postcssPlugin: "purplebeats-dark-only",
    Rule(rule: CssRule) {
      const kept = rule.selectors.filter((selector) => !LIGHT_SCHEME.test(selector));
      if (kept.length === rule.selectors.length) return;
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    },
  };
}
