import { describe, expect, it } from "vitest";
import { importedNames, reExportIndex } from "./start-chunk";

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
