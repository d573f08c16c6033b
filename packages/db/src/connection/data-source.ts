// PostgreSQL when a URL is given, else embedded PGlite (docs/adr/0001-pglite-as-default-database.md).
import "reflect-metadata";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { DataSource, type DataSourceOptions } from "typeorm";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { entities } from "../entities/index.js";
import { migrations } from "../migrations/index.js";
import { SnakeNamingStrategy } from "./naming.js";

export interface DatabaseOptions {
  /** postgres://... → real PostgreSQL through pg. Unset → embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; 'memory://' keeps nothing. */
  dataDir?: string;
  /** Connections in the pg pool (PGlite always has exactly one). */
  poolSize?: number;
  /** PGlite only: a data folder dumped by `dumpDataDir` to start from (the tests' migrated template). */
  loadDataDir?: Blob;
  logging?: boolean;
}

export interface Database {
  dataSource: DataSource;
  kind: "postgres" | "pglite";
  /** PGlite only: its data folder as a tarball, which `loadDataDir` starts another database from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Typo tolerance of search's `<%` operator (pg_trgm's default 0.6 misses one-letter typos in short words). Set
 * here, on every connection; part of search's typo policy, which re-exports it (apps/api typo-policy.ts).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

const common = {
  type: "postgres" as const,
  entities,
  migrations,
  migrationsTableName: "migrations",
  namingStrategy: new SnakeNamingStrategy(),
  synchronize: false,
  uuidExtension: "pgcrypto" as const,
};

/** Opens (but does not migrate) the database the options name. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const dataSource = new DataSource({
      ...common,
      url: options.databaseUrl,
      poolSize: options.poolSize ?? 10,
      logging: options.logging ?? false,
      extra: {
        connectionTimeoutMillis: 5000,
        idleTimeoutMillis: 30000,
        options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
      },
    } as DataSourceOptions);
    await dataSource.initialize();
    return { dataSource, kind: "postgres", close: () => dataSource.destroy() };
  }

  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(path.resolve(dataDir), { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  // TypeORM's own postgres driver over PGlite's pg-compatible connection, one at a time:
  // this keeps transactions isolated (typeorm-pglite shares one connection across them).
  const pgConfig = createPgConfig(pglite);
  const dataSource = new DataSource({
    ...common,
    poolSize: 1,
    logging: options.logging ?? false,
    extra: { ...pgConfig, connection: pgConfig.connection },
  } as DataSourceOptions);
  await dataSource.initialize();
  await dataSource.query(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  return {
    dataSource,
    kind: "pglite",
    dump: () => pglite.dumpDataDir("none"),
    async close() {
      await dataSource.destroy();
      await pglite.close();
    },
  };
}
