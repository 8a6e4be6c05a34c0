/** Which SQL engine a database handle talks to. Only db/search-index.ts branches on it. */
export type DatabaseEngine = "sqlite" | "postgres";
