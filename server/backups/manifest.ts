// What a backup holds, written last into its archive as manifest.json: the schema's version (every
// migration applied), each table's columns, row count and checksum, the sequences, the stored
// files and the DATA_DIR secrets. The restore checks every entry against it before it loads a row
// (docs/decisions/0033-backups-that-restore.md).
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'leadgen-backup';
export const FORMAT_VERSION = 1;

/** The schemas the app and its embedded services own: every table in them is backed up. */
export const BACKED_UP_SCHEMAS = [
  'auth',
  'authz',
  'private',
  'public',
  'storage',
  'supabase_migrations',
] as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entryName = z.string().min(1).max(4096);

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  /** `show server_version` of the database it was taken from. */
  serverVersion: z.string(),
  /** Every migration version the database had applied, in order; the last is its schema. */
  migrations: z.array(z.string().regex(/^\d{14}$/)).min(1),
  tables: z.array(
    z.object({
      /** Schema-qualified and quoted, as format('%I.%I') writes it. */
      name: z.string().min(3),
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().min(0),
      entry: entryName,
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({
      name: z.string().min(3),
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
  /** Where the stored files are: in this archive, or left in the object storage's bucket. */
  files: z.enum(['included', 'in-bucket']),
  objects: z.array(z.object({ entry: entryName, bytes: z.number().int().min(0), sha256 })),
  /** Objects whose file was gone when it was copied (deleted after the snapshot). */
  missingObjects: z.array(z.string()),
  secrets: z.array(z.object({ entry: entryName, bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export class BadManifestError extends Error {
  constructor(message: string) {
    super(`Not a backup this server can restore: ${message}`);
    this.name = 'BadManifestError';
  }
}

/** Parses manifest.json, or says what is wrong with it. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BadManifestError(`${MANIFEST_NAME} is not JSON`);
  }
  if ((json as { format?: unknown })?.format !== FORMAT)
    throw new BadManifestError(`${MANIFEST_NAME} is not a ${FORMAT} manifest`);
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (version !== FORMAT_VERSION)
    throw new BadManifestError(
      `it is format ${String(version)}, and this server reads format ${FORMAT_VERSION}: restore it with the version of the site that took it`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BadManifestError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  return parsed.data;
}

/** The name of a backup taken at `at`: sortable, and safe on every file system. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.tar.gz`;
}

/** When a backup named by backupFileName was taken; undefined for any other name. */
export function backupTakenAt(fileName: string): Date | undefined {
  const match = fileName.match(
    /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.tar\.gz$/,
  );
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms] = match;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Of these names, the backups taken more than `keepDays` before `now`, always leaving the newest
 * backup; names that are no backup's are left alone.
 */
export function backupsToDelete(names: string[], keepDays: number, now: Date): string[] {
  const backups = names
    .map((name) => ({ name, at: backupTakenAt(name) }))
    .filter((backup): backup is { name: string; at: Date } => backup.at !== undefined)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return backups
    .slice(0, -1)
    .filter((backup) => now.getTime() - backup.at.getTime() > keepDays * 24 * 60 * 60 * 1000)
    .map((backup) => backup.name);
}
