// /legal's texts: the operator's Markdown files named by the configuration, or plain defaults that say what
// the server stores; a file that cannot be read stops the start with its name.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env.js";
import { DEFAULT_PRIVACY, DEFAULT_TERMS } from "../src/domain/legal/default-documents.js";
import { createLegalService } from "../src/domain/legal/legal-documents.js";
import { PLAY_RULES } from "../src/domain/catalog/play-rules.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

const OPERATOR_TERMS = "# Terms of Example Radio\n\nBe kind.\n";

describe("the legal notice", () => {
  let dir: string;
  let app: TestServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pb-legal-"));
    const termsFile = path.join(dir, "terms.md");
    await writeFile(termsFile, OPERATOR_TERMS);
    app = await startTestServer("pglite", { legal: { termsFile, privacyFile: undefined } });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers anyone, without a session, with the operator's terms and the default privacy notice", async () => {
    const rest = await getJson<{ terms: string; privacy: string }>(`${app.url}/api/legal`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ terms: OPERATOR_TERMS, privacy: DEFAULT_PRIVACY });
    const trpc = await getJson<{ result: { data: { json: { terms: string } } } }>(
      `${app.url}/trpc/legal.documents`,
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.json.terms).toBe(OPERATOR_TERMS);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await getJson<{ paths: Record<string, { get?: { summary?: string } }> }>(
      `${app.url}/api/openapi.json`,
    );
    expect(doc.body.paths["/api/legal"]?.get?.summary).toMatch(/terms of use and privacy notice/i);
  });
});

describe("the legal files' configuration", () => {
  it("reads LEGAL_TERMS_FILE and LEGAL_PRIVACY_FILE as paths from the working folder; unset or empty: defaults", () => {
    expect(loadConfig({}).legal).toEqual({ termsFile: undefined, privacyFile: undefined });
    expect(loadConfig({ LEGAL_TERMS_FILE: "", LEGAL_PRIVACY_FILE: "" }).legal).toEqual({
      termsFile: undefined,
      privacyFile: undefined,
    });
    expect(loadConfig({ LEGAL_PRIVACY_FILE: "legal/privacy.md" }).legal.privacyFile).toBe(
      path.resolve("legal/privacy.md"),
    );
  });

  it("refuses a file that is missing or empty, naming the setting", async () => {
    expect(() => createLegalService({ termsFile: "/nonexistent/terms.md", privacyFile: undefined })).toThrow(
      /LEGAL_TERMS_FILE.*nonexistent\/terms\.md/,
    );
    const dir = await mkdtemp(path.join(tmpdir(), "pb-legal-empty-"));
    try {
      const empty = path.join(dir, "privacy.md");
      await writeFile(empty, "  \n");
      expect(() => createLegalService({ termsFile: undefined, privacyFile: empty })).toThrow(
        /privacy notice \(LEGAL_PRIVACY_FILE\) file .* is empty/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the defaults say what is kept and for how long, from the rules that keep it", () => {
    expect(DEFAULT_PRIVACY).toContain(`newest ${PLAY_RULES.historyPerListener} plays`);
    expect(DEFAULT_PRIVACY).toContain("valid for 30 days");
    expect(DEFAULT_PRIVACY).toMatch(/transaction id/);
    expect(DEFAULT_TERMS).toMatch(/one month/);
  });
});
