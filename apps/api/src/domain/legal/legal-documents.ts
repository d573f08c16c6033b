// The operator's terms of use and privacy notice: Markdown files named by the configuration, read once at
// start so that a missing file stops the start with its name rather than a blank /legal later.
import { readFileSync } from "node:fs";
import type { LegalDocumentsDto, LegalService } from "@purplebeats/contracts";
import type { Config } from "../../config/env.js";
import { DEFAULT_PRIVACY, DEFAULT_TERMS } from "./default-documents.js";

function readDocument(file: string | undefined, fallback: string, what: string): string {
  if (!file) return fallback;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid configuration: the ${what} file cannot be read (${reason})`, { cause: error });
  }
  if (!text.trim()) throw new Error(`Invalid configuration: the ${what} file ${file} is empty`);
  return text;
}

export function createLegalService(legal: Config["legal"]): LegalService {
  const documents: LegalDocumentsDto = {
    terms: readDocument(legal.termsFile, DEFAULT_TERMS, "terms of use (LEGAL_TERMS_FILE)"),
    privacy: readDocument(legal.privacyFile, DEFAULT_PRIVACY, "privacy notice (LEGAL_PRIVACY_FILE)"),
  };
  return { documents: () => documents };
}
