import type { ZodError } from "zod";

/** A person-readable summary of what was wrong with an input: "field: message; field: message". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.map(String).join(".");
      return where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}
