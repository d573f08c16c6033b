// Writes the row types of the migrated schema as TypeScript, for Kysely's typed statements in apps/api's
// data/ modules. Read from the catalogs of a database the migrations have just run on, so the types are the
// schema's and not anyone's memory of it; the drift test keeps the committed file equal to this output.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DataSource } from "typeorm";

/** The committed output: src/schema-types.ts. */
export const SCHEMA_TYPES_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "schema-types.ts",
);

interface ColumnInfo {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  has_default: boolean;
}

/**
 * What a value of each column type reads back as through node-postgres's default parsers (PGlite is reached
 * through the same driver), and what may be written to it: bigint and numeric read as strings, so no count
 * past 2^53 is rounded; dates and timestamps as Date, written as Date or an ISO string.
 */
const TYPES: Record<string, { reads: string; writes?: string }> = {
  int2: { reads: "number" },
  int4: { reads: "number" },
  float4: { reads: "number" },
  float8: { reads: "number" },
  int8: { reads: "string", writes: "string | number | bigint" },
  numeric: { reads: "string", writes: "string | number" },
  bool: { reads: "boolean" },
  text: { reads: "string" },
  varchar: { reads: "string" },
  bpchar: { reads: "string" },
  uuid: { reads: "string" },
  timestamptz: { reads: "Date", writes: "Date | string" },
  timestamp: { reads: "Date", writes: "Date | string" },
  date: { reads: "Date", writes: "Date | string" },
  json: { reads: "unknown" },
  jsonb: { reads: "unknown" },
  bytea: { reads: "Buffer" },
};

const HEADER = `// Generated from the migrated schema by \`pnpm --filter @purplebeats/db gen:schema-types\`; do not edit.
// A test fails when it differs from what the migrations make (packages/db/test/schema-types.test.ts).
import type { ColumnType, Generated } from "kysely";
`;

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** A column as Kysely types it: what a select reads, what an insert and an update may write. */
function columnType(column: ColumnInfo): string {
  const array = column.udt_name.startsWith("_");
  const type = TYPES[array ? column.udt_name.slice(1) : column.udt_name];
  if (!type)
    throw new Error(`No TypeScript type for ${column.table_name}.${column.column_name}: ${column.udt_name}`);
  const shape = (t: string) => {
    const listed = array ? (t.includes("|") ? `(${t})[]` : `${t}[]`) : t;
    return column.is_nullable === "YES" ? `${listed} | null` : listed;
  };
  const reads = shape(type.reads);
  const writes = shape(type.writes ?? type.reads);
  if (writes === reads) return column.has_default ? `Generated<${reads}>` : reads;
  return `ColumnType<${reads}, ${writes}${column.has_default ? " | undefined" : ""}, ${writes}>`;
}

/** The schema's tables (TypeORM's own bookkeeping left out) as Kysely table interfaces. */
export async function renderSchemaTypes(dataSource: Pick<DataSource, "query">): Promise<string> {
  const columns: ColumnInfo[] = await dataSource.query(
    `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable,
            (c.column_default IS NOT NULL OR c.is_identity = 'YES') AS has_default
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, ColumnInfo[]>();
  for (const column of columns)
    tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);

  const out = [HEADER];
  for (const [table, cols] of tables) {
    out.push(`export interface ${pascal(table)}Table {`);
    for (const column of cols) out.push(`  ${column.column_name}: ${columnType(column)};`);
    out.push(`}\n`);
  }
  out.push(`/** Every table, by name: Kysely's database type. */`, `export interface DbSchema {`);
  for (const table of tables.keys()) out.push(`  ${table}: ${pascal(table)}Table;`);
  out.push(`}\n`);
  return out.join("\n");
}
