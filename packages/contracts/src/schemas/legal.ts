import { z } from "zod";

/** The operator's terms of use and privacy notice, as Markdown (the web app renders it, raw HTML ignored). */
export const legalDocumentsSchema = z.object({
  terms: z.string(),
  privacy: z.string(),
});
export type LegalDocumentsDto = z.infer<typeof legalDocumentsSchema>;
