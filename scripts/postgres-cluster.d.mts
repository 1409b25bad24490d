export interface PostgresRun {
  /** postgresql://postgres@127.0.0.1:<port>/postgres, trust authentication. */
  url: string;
  pid: number;
  /** Stops the server and removes its directory; safe to call more than once. */
  stop(): Promise<void>;
}

/** A cluster a test or a script owns: it can stop it and start it again on the same port. */
export interface PostgresCluster {
  port: number;
  /** The server's process id while it runs. */
  pid(): number | undefined;
  /** `postgresql://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  /** Fast shutdown: open sessions are ended, as when a database server restarts. */
  stop(): Promise<void>;
  /** Starts again on the same port and data; resolves once it accepts sessions. */
  start(): Promise<void>;
  /** Stops it and removes its files; safe to call more than once. */
  destroy(): Promise<void>;
}

type Settings = Record<string, string | number>;

/** The newest PostgreSQL server binaries of Debian's layout, or null. */
export function findPostgresBin(): string | null;
/** A loopback port nothing listens on yet. */
export function freePort(): Promise<number>;
export function createPostgresCluster(options?: {
  bin?: string | null;
  settings?: Settings;
}): Promise<PostgresCluster>;
export function startPostgres(options?: { settings?: Settings }): Promise<PostgresRun | null>;
