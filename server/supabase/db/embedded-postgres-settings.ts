// The embedded PostgreSQL's settings for a small machine, which embedded-postgres.ts starts it
// with; the caller's own settings win over them.

/**
 * Connections for this many Node processes on the database (WORKERS): each one's pool of 10 and
 * its notices' listener, and room for a backup and psql.
 */
export function maxConnections(processes: number): string {
  return String(18 + 12 * processes);
}

/**
 * Sized for a small machine (1–2 GB, two cores) that also runs the Node process; the reasons are
 * in docs/operations.md and decision 35. A larger host can pass its own through `settings`.
 */
export const SMALL_MACHINE_SETTINGS: Readonly<Record<string, string>> = {
  // One process's pool holds 10 connections; the notices' listener, a backup and psql a few more.
  max_connections: maxConnections(1),
  // The whole demo database fits many times over; PostgreSQL's default is 128MB.
  shared_buffers: '64MB',
  // Per sort or hash of one query; the API's queries are small (PostgreSQL's default).
  work_mem: '4MB',
  // Vacuum and index builds, one at a time here (default 64MB).
  maintenance_work_mem: '32MB',
  autovacuum_max_workers: '2',
  // Parallel query starts worker processes that a query of a few rows never repays.
  max_parallel_workers_per_gather: '0',
  // What the planner may assume the OS caches: a share of a small machine's memory.
  effective_cache_size: '256MB',
};
