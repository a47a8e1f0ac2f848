// A real S3 API server for tests (@20minutes/s3rver, which checks every SigV4 signature): started
// on a free loopback port over a temporary directory, with one bucket made, and the STORAGE_S3_*
// settings that point a server at it.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createS3Client, type S3Client } from '#server/s3.ts';
import { createTempDir } from './databases.ts';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string; configs: never[] }>;
}) => S3rverServer;

// The package ships no types; what is used of it is typed above.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;

/** The fake server's one key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** STORAGE_S3_* for a server that keeps its files here. */
  env: Record<string, string>;
  /** A client of the bucket, to look at what was stored. */
  client: S3Client;
  /** Every key below a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'site-files'): Promise<TestS3> {
  const { dir, cleanup } = await createTempDir('leadgen-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_REGION: 'us-east-1',
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    STORAGE_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    STORAGE_S3_FORCE_PATH_STYLE: 'true',
  };
  const client = createS3Client({
    endpoint,
    region: env.STORAGE_S3_REGION,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    bucket,
    env,
    client,
    async keys(prefix = '') {
      const found: string[] = [];
      for await (const object of client.listObjects(prefix)) found.push(object.key);
      return found.sort();
    },
    async close() {
      client.close();
      await server.close();
      await cleanup();
    },
  };
}

export interface TestS3AndDir {
  s3: TestS3;
  /** A temporary directory of the tests' own. */
  dir: string;
}

/**
 * Inside a describe: an S3 server with `bucket`, and a temporary directory, started before its
 * tests and removed after them. The fields are set once the tests run.
 */
export function withTestS3(bucket: string): TestS3AndDir {
  const given = {} as TestS3AndDir;
  let cleanup = async () => {};
  beforeAll(async () => {
    const [s3, temp] = await Promise.all([startTestS3(bucket), createTempDir()]);
    Object.assign(given, { s3, dir: temp.dir });
    cleanup = async () => {
      await Promise.all([s3.close(), temp.cleanup()]);
    };
  });
  afterAll(() => cleanup());
  return given;
}
