// What the first process and its workers say to each other (WORKERS > 1, server/workers.ts), in a
// module of its own: server/main.ts reads it before it knows which of the two it is.

/** In a worker's environment: its number, 1 to WORKERS. Not a setting: the first process sets it. */
export const WORKER_NUMBER = 'SERVER_WORKER';

/** A worker serves (with what the first process prints), or the first asks a worker to stop. */
export type WorkerMessage =
  { ready: { url: string; anonKey?: string } } | { stop: { graceMs: number } };

export type WorkerReady = Extract<WorkerMessage, { ready: unknown }>['ready'];
