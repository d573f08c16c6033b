// The theme's CSS variables are a stylesheet (theme-variables.css, imported by app/styles.ts) rather than
// computed by MantineProvider in every render: resolving them took 20-25 ms of a first visit's main thread
// during hydration on the project's 2-core machine (about 100 ms under Lighthouse's 4x slowdown), and as
// much of each server render. This test derives the file from theme.ts with Mantine's own resolver, so
// the two cannot drift: after a theme change, `pnpm --filter @purplebeats/web exec vitest run -u` rewrites it.
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "../ui/theme";

/** What MantineProvider would render as its variables' style element for `theme`. */
function mantineVariablesCss(): string {
  const html = renderToStaticMarkup(
    // Every variable, not only those that differ from Mantine's defaults: the app loads this file in place of
    // Mantine's default-css-variables.css, whose values it mostly overrode (0.5 KB gzip of the first screen).
    <MantineProvider theme={theme} forceColorScheme="dark" deduplicateCssVariables={false}>
      <span />
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true"[^>]*>([^<]*)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error("MantineProvider rendered no CSS variables");
  return `/* Generated from theme.ts by theme-variables.test.tsx (Mantine's resolver): do not edit. */\n${css}\n`;
}

describe("the theme's CSS variables", () => {
  it("are the stylesheet the app loads, as Mantine resolves them from theme.ts", async () => {
    await expect(mantineVariablesCss()).toMatchFileSnapshot("./theme-variables.css");
  });

  it("set the purple accent and the tinted dark scale", () => {
    const css = mantineVariablesCss();
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-purple-filled)");
    expect(css).toContain("--mantine-color-dark-7: #121016");
    expect(css).toContain("--mantine-color-purple-6: #9333ea");
  });
});
