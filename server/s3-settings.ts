// The STORAGE_S3_* settings: where Storage keeps uploaded files when they are not under DATA_DIR
// (decision 30). All five values or none; path style is optional (virtual-hosted by default, as S3).
import { z } from 'zod';
import type { S3Settings } from './s3.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const s3SettingsSchema = {
  STORAGE_S3_ENDPOINT: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'STORAGE_S3_ENDPOINT must be an http(s) URL')
    .refine((value) => !new URL(value).search, 'STORAGE_S3_ENDPOINT must have no query')
    .optional(),
  STORAGE_S3_REGION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'STORAGE_S3_REGION must be a region name, e.g. eu-north-1')
    .optional(),
  STORAGE_S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,255}$/, 'STORAGE_S3_BUCKET must be a bucket name')
    .optional(),
  STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_S3_FORCE_PATH_STYLE: bool.optional(),
};

const REQUIRED = [
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_REGION',
  'STORAGE_S3_BUCKET',
  'STORAGE_S3_ACCESS_KEY_ID',
  'STORAGE_S3_SECRET_ACCESS_KEY',
] as const;

type Parsed = { [K in keyof typeof s3SettingsSchema]?: z.output<(typeof s3SettingsSchema)[K]> };

/** What is missing from a partial set, as configuration problems ([] when all or none is set). */
export function s3SettingsProblems(present: Record<string, unknown>): string[] {
  const given = Object.keys(s3SettingsSchema).filter((name) => name in present);
  if (given.length === 0) return [];
  const missing = REQUIRED.filter((name) => !(name in present));
  return missing.length
    ? [
        `  - ${missing.join(', ')}: files on S3 need every one of ${REQUIRED.join(', ')} (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set)`,
      ]
    : [];
}

/** The S3 settings, or undefined when files stay under DATA_DIR. */
export function s3SettingsOf(data: Parsed): S3Settings | undefined {
  if (!data.STORAGE_S3_ENDPOINT) return undefined;
  return {
    endpoint: data.STORAGE_S3_ENDPOINT,
    region: data.STORAGE_S3_REGION!,
    bucket: data.STORAGE_S3_BUCKET!,
    accessKeyId: data.STORAGE_S3_ACCESS_KEY_ID!,
    secretAccessKey: data.STORAGE_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: data.STORAGE_S3_FORCE_PATH_STYLE ?? false,
  };
}
