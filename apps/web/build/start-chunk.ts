// The app's start as one chunk: every module index.html's entry runs before the first screen (its static
// imports, all the way down), and what every likely first screen imports (the song row, the cover), in a
// single file, instead of the thirty-odd files Rolldown's automatic split makes of them (a module the entry
// shares with lazy screens becomes a chunk of its own). Each file is a request that the browser, the server
// and the main thread pay for at the busiest moment of a first visit (docs/benchmarks/history.md, 29 Nov
// 2026: Home's first screen in 20 files instead of 44, 10 KB smaller).
//
// A package's index that only re-exports (Mantine's), and a feature's public entry (src/features/<feature>/
// index.ts), are not followed whole: that would put every component a lazy screen takes from them in the
// start's chunk. Only the modules of the names the start imports are.
import path from "node:path";
import type { Plugin } from "vite";

/** A package's index that only re-exports (`import { a } from "./a.mjs"` ... `export { a }`): Mantine's. */
interface ReExportIndex {
  /** The module each exported name comes from; null where the index re-exports a whole module (`export *`). */
  sources: Map<string, string> | null;
}

const IMPORT_NAMES =
  /import\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /import\s*["']([^"']+)["']/g;
const RE_EXPORT_LINE =
  /^(?:import\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?|export\s*\{[^}]*\}(?:\s*from\s*["'][^"']+["'])?;?|export\s*\*\s*from\s*["'][^"']+["'];?|["']use client["'];?)$/;

/** `a, b as c` as [imported, local] pairs. */
function bindings(list: string): [string, string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return [imported!.replace(/^type\s+/, ""), local!];
    });
}

/** The index's names and their modules (`id` is the index's path), or undefined when `code` is more than re-exports. */
export function reExportIndex(id: string, code: string): ReExportIndex | undefined {
  const statements =
    code
      .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "")
      .match(/(?:import|export)[^;]*;?|["']use client["'];?|\S+/g) ?? [];
  if (!statements.length || !statements.every((statement) => RE_EXPORT_LINE.test(statement.trim())))
    return undefined;
  if (/export\s*\*/.test(code)) return { sources: null };
  const localSource = new Map<string, string>();
  for (const [, , names, specifier] of code.matchAll(IMPORT_NAMES)) {
    if (!names || !specifier?.startsWith(".")) continue;
    for (const [, local] of bindings(names))
      localSource.set(local, path.resolve(path.dirname(id), specifier));
  }
  const sources = new Map<string, string>();
  for (const [, list, specifier] of code.matchAll(/export\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g)) {
    for (const [local, exported] of bindings(list!)) {
      const source = specifier ? path.resolve(path.dirname(id), specifier) : localSource.get(local);
      if (source) sources.set(exported, source);
    }
  }
  return { sources };
}

/** The app's own re-exporting indexes: each feature's public entry. */
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** Each name's module as the graph names it: a feature's index says "./a" for the module "./a.tsx". */
function withModuleIds(sources: Map<string, string>, importedIds: readonly string[]): Map<string, string> {
  const idOf = (source: string) =>
    importedIds.find((id) => id === source || id.replace(/\.[^./\\]+$/, "") === source) ?? source;
  return new Map([...sources].map(([name, source]) => [name, idOf(source)]));
}

/** The names `code` imports from each specifier ("*": all of it, for `import * as`, a bare import). */
export function importedNames(code: string): Map<string, string[]> {
  const wanted = new Map<string, string[]>();
  for (const [, defaultName, names, specifier] of code.matchAll(IMPORT_NAMES)) {
    const list = wanted.get(specifier!) ?? [];
    if (defaultName) list.push("default");
    if (names) list.push(...bindings(names).map(([imported]) => imported));
    if (!defaultName && !names) list.push("*");
    wanted.set(specifier!, list);
  }
  for (const [, specifier] of code.matchAll(BARE_IMPORT)) wanted.set(specifier!, ["*"]);
  return wanted;
}

/**
 * The screens every first visit is likely to land on (a shared link or Home): the modules all of them import
 * (the song row, the cover, a section) join the start, since whichever of them a visit shows needs them.
 */
const FIRST_SCREENS = ["HomePage", "SearchPage", "PlaylistPage", "ArtistPage"].map(
  (name) => `/src/pages/${name}.tsx`,
);

/** What one group of Rolldown's code splitting needs: the start's modules, known once the graph is built. */
export function startChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: "purplebeats-start-chunk",
    apply: "build",
    async buildEnd() {
      modules.clear();
      const indexes = new Map<string, ReExportIndex | undefined>();
      const indexOf = (id: string) => {
        if (!indexes.has(id)) {
          const info = this.getModuleInfo(id);
          const code = info?.code;
          const index =
            (id.includes("node_modules") || FEATURE_INDEX.test(id)) && code
              ? reExportIndex(id, code)
              : undefined;
          indexes.set(
            id,
            index?.sources ? { sources: withModuleIds(index.sources, info!.importedIds) } : index,
          );
        }
        return indexes.get(id);
      };
      /** The modules `id` imports, through a re-exporting index only those of the names it takes (once each). */
      const edges = new Map<string, Promise<string[]>>();
      const importsOf = (id: string): Promise<string[]> => {
        if (!edges.has(id)) edges.set(id, followedImports(id));
        return edges.get(id)!;
      };
      const followedImports = async (id: string): Promise<string[]> => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const throughIndexes = info.importedIds.filter((imported) => indexOf(imported)?.sources);
        const followed = info.importedIds.filter((imported) => !throughIndexes.includes(imported));
        if (!throughIndexes.length) return followed;
        for (const [specifier, names] of importedNames(info.code ?? "")) {
          const target = (await this.resolve(specifier, id))?.id;
          const sources = target && throughIndexes.includes(target) ? indexOf(target)?.sources : undefined;
          if (!target || !sources) continue;
          if (names.includes("*")) followed.push(...sources.values());
          // A name the index does not list (a type) has no module: it is left to the automatic split.
          else followed.push(...names.flatMap((name) => sources.get(name) ?? []));
        }
        return followed;
      };
      /** `roots` and the modules they import, all the way down. */
      const closure = async (roots: string[]): Promise<Set<string>> => {
        const found = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (found.has(id)) continue;
          found.add(id);
          stack.push(...(await importsOf(id)));
        }
        return found;
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.filter((id) => this.getModuleInfo(id)?.isEntry && id.endsWith("index.html"));
      if (!entry.length) return; // the server's renderer: one file, no split
      for (const id of await closure(entry)) modules.add(id);
      const screens = ids.filter((id) => FIRST_SCREENS.some((screen) => id.endsWith(screen)));
      const [first, ...others] = await Promise.all(screens.map(async (screen) => closure([screen])));
      for (const id of first ?? []) {
        if (!screens.includes(id) && others.every((other) => other.has(id))) modules.add(id);
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
