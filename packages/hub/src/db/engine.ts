/** Which SQL engine a database handle talks to, for the queries written differently on each. */
export type DatabaseEngine = "sqlite" | "postgres";
