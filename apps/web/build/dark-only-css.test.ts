import { describe, expect, it } from "vitest";
import { darkOnlyCss, type CssRule } from "./dark-only-css";

function rule(selectors: string[]): CssRule & { removed: boolean } {
  return {
    selectors,
    removed: false,
    remove() {
      this.removed = true;
    },
  };
}

describe("the dark-only stylesheets", () => {
  const plugin = darkOnlyCss();

  it("leave out a rule of the light scheme, quoted or not", () => {
    const light = rule([
      ':root[data-mantine-color-scheme="light"]',
      ":host([data-mantine-color-scheme=light])",
    ]);
    plugin.Rule(light);
    expect(light.removed).toBe(true);
    const component = rule(["[data-mantine-color-scheme='light'] .m_77c9d27d"]);
    plugin.Rule(component);
    expect(component.removed).toBe(true);
  });

  it("keep the dark scheme's and every other rule, and a list's other selectors", () => {
    const dark = rule([':root[data-mantine-color-scheme="dark"]', ":host([data-mantine-color-scheme=dark])"]);
    const plain = rule([".pb-shell"]);
    const mixed = rule([".m_1:where([data-mantine-color-scheme=light])", ".m_1:hover"]);
    [dark, plain, mixed].forEach((r) => plugin.Rule(r));
    expect([dark.removed, plain.removed, mixed.removed]).toEqual([false, false, false]);
    expect(dark.selectors).toHaveLength(2);
    expect(mixed.selectors).toEqual([".m_1:hover"]);
  });
});
