import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { importedNames, reExportIndex, startChunk } from "./start-chunk";

const INDEX = "/pkg/esm/index.mjs";

describe("a package's re-exporting index", () => {
  it("maps each exported name to the module it comes from", () => {
    const code = [
      '"use client";',
      'import { keys } from "./core/utils/keys.mjs";',
      "import { Text, TextProps as Props } from './components/Text/Text.mjs';",
      "// a comment",
      'export { Menu as Dropdown } from "./components/Menu/Menu.mjs";',
      "export { keys, Text, Props };",
    ].join("\n");
    const sources = reExportIndex(INDEX, code)?.sources;
    expect(sources && Object.fromEntries(sources)).toEqual({
      keys: "/pkg/esm/core/utils/keys.mjs",
      Text: "/pkg/esm/components/Text/Text.mjs",
      Props: "/pkg/esm/components/Text/Text.mjs",
      Dropdown: "/pkg/esm/components/Menu/Menu.mjs",
    });
  });

  it("re-exporting whole modules names none: everything behind it is followed", () => {
    expect(reExportIndex(INDEX, 'export * from "./a.mjs";\nexport * from "./b.mjs";')).toEqual({
      sources: null,
    });
  });

  it("is not an index when the module has code of its own", () => {
    const code = 'import { keys } from "./keys.mjs";\nconst all = keys({});\nexport { all };';
    expect(reExportIndex(INDEX, code)).toBeUndefined();
  });
});

describe("the names a module imports", () => {
  it("by specifier: named, default, namespace and bare imports", () => {
    const code = [
      'import { jsx as _jsx } from "react/jsx-runtime";',
      "import React, { memo, useState } from 'react';",
      'import {\n  Text,\n  Title,\n} from "@mantine/core";',
      'import * as z from "zod";',
      'import "./styles.css";',
    ].join("\n");
    expect(Object.fromEntries(importedNames(code))).toEqual({
      "react/jsx-runtime": ["jsx"],
      react: ["default", "memo", "useState"],
      "@mantine/core": ["Text", "Title"],
      zod: ["*"],
      "./styles.css": ["*"],
    });
  });
});

describe("the start's chunk in a real build", () => {
  it("holds what the entry runs, and from a package's index only the modules the entry takes", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "start-chunk-"));
    const files: Record<string, string> = {
      "index.html": '<!doctype html><script type="module" src="/src/main.ts"></script>',
      "src/main.ts":
        'import { fromA } from "ui-kit";\nimport { shared } from "./shared";\n' +
        'console.log(fromA(), shared);\nvoid import("./pages/HomePage.tsx");\nvoid import("./pages/SearchPage.tsx");',
      "src/shared.ts": 'export const shared = "shared by the entry and a screen";',
      "src/common.ts": 'export const common = "in every first screen";',
      "src/pages/HomePage.tsx":
        'import { fromB } from "ui-kit";\nimport { shared } from "../shared";\nimport { common } from "../common";\n' +
        "export default () => [fromB(), shared, common];",
      "src/pages/SearchPage.tsx": 'import { common } from "../common";\nexport default () => common;',
      "node_modules/ui-kit/package.json": JSON.stringify({
        name: "ui-kit",
        type: "module",
        sideEffects: false,
        exports: "./index.mjs",
      }),
      "node_modules/ui-kit/index.mjs":
        'import { fromA } from "./a.mjs";\nimport { fromB } from "./b.mjs";\nexport { fromA, fromB };',
      "node_modules/ui-kit/a.mjs": 'export const fromA = () => "component A";',
      "node_modules/ui-kit/b.mjs": 'export const fromB = () => "component B, a lazy screen\'s";',
    };
    try {
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), text);
      }
      const start = startChunk();
      const output = (await build({
        root,
        logLevel: "silent",
        configFile: false,
        plugins: [start.plugin],
        build: {
          write: false,
          minify: false,
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: "start", test: start.test }] } } },
        },
      })) as { output: { type: string; isEntry?: boolean; code?: string }[] };
      const entry = output.output.find((file) => file.type === "chunk" && file.isEntry);
      expect(entry?.code).toContain("component A");
      expect(entry?.code).toContain("shared by the entry and a screen");
      expect(entry?.code).toContain("in every first screen");
      expect(entry?.code).not.toContain("component B");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
