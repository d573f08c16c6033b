// The migrated templates are built here, once, before the test files start in their workers.
import { prepareTestTemplates } from "../src/testing.js";

export default async function setup(): Promise<void> {
  await prepareTestTemplates();
}
