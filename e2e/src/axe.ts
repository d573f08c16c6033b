// Accessibility checks with axe-core, run inside the page: the library's own script is read from
// node_modules (no network) and evaluated in the page (through the browser's debugging protocol, which the
// app's Content Security Policy rightly does not allow for an inline script tag), then axe.run reports.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The serious and critical findings within `scope` (a CSS selector; the whole page by default). */
export async function seriousFindings(page: Page, scope?: Locator): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const context = scope ? await scope.elementHandle() : null;
  return page.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[];
    }
    const results = await axe.run(root ?? document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
  }, context);
}
