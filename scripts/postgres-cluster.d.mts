export interface PostgresCluster {
  /** postgresql://postgres@127.0.0.1:<port>/postgres, trust authentication. */
  url: string;
  pid: number;
  /** Stops the server and removes its directory; safe to call more than once. */
  stop(): Promise<void>;
}

export function findPostgresBin(): string | null;
export function freePort(): Promise<number>;
export function startPostgres(options?: {
  settings?: Record<string, string | number>;
}): Promise<PostgresCluster | null>;
