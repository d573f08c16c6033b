// Vite's build manifest (apps/web/dist/.vite/manifest.json): which files a module of the web app needs,
// and how a page the server rendered loads the app (apps/web/src/boot.ts).

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** The manifest's names of index.html's entry and of the script that loads it after the first paint. */
export const ENTRY_MODULE = "index.html";
export const BOOT_MODULE = "src/boot.ts";

/** `modules` (manifest keys) and all they import statically, each after what it imports, once each. */
function withStaticImports(manifest: WebManifest, modules: readonly string[]): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    chunks.push(chunk);
  };
  modules.forEach(visit);
  return chunks;
}

/**
 * The stylesheets (paths from the site's root) of `modules` (manifest keys, e.g. 'src/pages/HomePage.tsx')
 * and of all they import statically.
 */
export function stylesheetsOf(manifest: WebManifest, modules: readonly string[]): string[] {
  const styles = withStaticImports(manifest, modules).flatMap((chunk) => chunk.css ?? []);
  return [...new Set(styles)].map((css) => `/${css}`);
}

/** The chunk files of `modules` and of all they import statically, each after what it imports, once each. */
export function chunksOf(manifest: WebManifest, ...modules: string[]): string[] {
  return withStaticImports(manifest, modules).map((chunk) => chunk.file);
}

export interface RenderedPageTemplate {
  /** index.html without its script and module preloads: a rendered page loads the app through boot. */
  html: string;
  /** The stylesheets index.html links already. */
  linkedStyles: ReadonlySet<string>;
  /** The script element for a page that rendered `screens`: boot, naming the chunks of the entry and screens. */
  bootScript(screens: readonly string[]): string;
  /**
   * Every chunk (path from the site's root) that a page which rendered `screens` loads at its start: the
   * entry's and the screens', with all they import.
   */
  startChunks(screens: readonly string[]): string[];
}

/**
 * index.html (as Vite built it) made into the template of a page the server rendered, or null when it is
 * not the file the manifest describes (its entry script missing): such a build is served without renders.
 */
export function renderedPageTemplate(indexHtml: string, manifest: WebManifest): RenderedPageTemplate | null {
  const entry = manifest[ENTRY_MODULE];
  const boot = manifest[BOOT_MODULE];
  if (!entry || !boot) return null;
  const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
  if (!indexHtml.includes(entryScript)) return null;
  const html = indexHtml
    .replace(entryScript, "")
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="[^"]*">\n?/g, "");
  return {
    html,
    linkedStyles: new Set(
      stylesheetsOf(manifest, [ENTRY_MODULE]).filter((href) => indexHtml.includes(`href="${href}"`)),
    ),
    bootScript(screens) {
      // The entry's chunks and the screens' own; the browser fetches what a screen's chunk imports as it arrives.
      const modules = [
        ...chunksOf(manifest, ENTRY_MODULE),
        ...screens.map((screen) => manifest[screen]?.file),
      ];
      return (
        // Low priority: it only waits for the first paint, which the stylesheets and pictures come first for.
        `<script type="module" crossorigin fetchpriority="low" src="/${boot.file}"` +
        ` data-modules="${modules.flatMap((file) => (file ? [`/${file}`] : [])).join(" ")}"></script>`
      );
    },
    startChunks(screens) {
      return chunksOf(manifest, ENTRY_MODULE, ...screens).map((file) => `/${file}`);
    },
  };
}
