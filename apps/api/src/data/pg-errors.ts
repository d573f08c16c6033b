// PostgreSQL's error codes as TypeORM passes them on (QueryFailedError keeps the driver's error).
import { QueryFailedError } from "typeorm";

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

function sqlState(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError: unknown = error.driverError;
  if (typeof driverError !== "object" || driverError === null || !("code" in driverError)) return undefined;
  return typeof driverError.code === "string" ? driverError.code : undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;
/** A row the statement refers to is gone, e.g. deleted between a check and the insert. */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === FOREIGN_KEY_VIOLATION;
