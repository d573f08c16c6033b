// The app imports Mantine's stylesheets component by component (app/styles.ts, features/player/styles.ts and beside the
// screens that use the rest), not Mantine's whole styles.css: a component whose stylesheet nobody imports renders
// unstyled. VisuallyHidden did so in Now Playing's queue, where every entry read "Play <title>" on screen.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(__dirname, "..");
const MANTINE_STYLES = path.resolve(__dirname, "../../node_modules/@mantine/core/styles");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-utils" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The Mantine components the app's code imports (values, not types) and the Mantine stylesheets it imports. */
function mantineUse() {
  const components = new Map<string, string>();
  const stylesheets = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, "utf8");
    for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
      for (const part of list!.split(",")) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith("type ") && /^[A-Z]/.test(name))
          components.set(name, path.relative(SRC, file));
      }
    }
    for (const [, sheet] of code.matchAll(/import\s*["']@mantine\/core\/styles\/([\w.]+)\.css["']/g))
      stylesheets.add(sheet!);
  }
  return { components, stylesheets };
}

describe("Mantine's stylesheets", () => {
  it("are imported for every Mantine component the app draws that has one", () => {
    const { components, stylesheets } = mantineUse();
    expect(components.size).toBeGreaterThan(10);
    const missing = [...components]
      .filter(([name]) => existsSync(path.join(MANTINE_STYLES, `${name}.css`)) && !stylesheets.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
