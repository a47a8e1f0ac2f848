import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const all = {
  STORAGE_S3_ENDPOINT: 'https://s3.eu-north-1.amazonaws.com',
  STORAGE_S3_REGION: 'eu-north-1',
  STORAGE_S3_BUCKET: 'agency-files',
  STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  STORAGE_S3_SECRET_ACCESS_KEY: 'secret/example',
};

describe('STORAGE_S3_* settings', () => {
  it('keeps files under DATA_DIR when none is set', () => {
    expect(loadConfig({}).storageS3).toBeUndefined();
  });

  it('reads all five, virtual-hosted unless path style is asked for', () => {
    expect(loadConfig(all).storageS3).toEqual({
      endpoint: 'https://s3.eu-north-1.amazonaws.com',
      region: 'eu-north-1',
      bucket: 'agency-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/example',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...all, STORAGE_S3_FORCE_PATH_STYLE: 'true' }).storageS3).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('refuses to start on a partial set, naming every setting that is missing', () => {
    const { STORAGE_S3_REGION: _region, STORAGE_S3_SECRET_ACCESS_KEY: _secret, ...partial } = all;
    expect(() => loadConfig(partial)).toThrow(
      /STORAGE_S3_REGION, STORAGE_S3_SECRET_ACCESS_KEY: files on S3 need every one of/,
    );
    expect(() => loadConfig({ STORAGE_S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      /STORAGE_S3_ENDPOINT, STORAGE_S3_REGION, STORAGE_S3_BUCKET, STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY/,
    );
  });

  it.each([
    ['an endpoint that is not http(s)', { STORAGE_S3_ENDPOINT: 'ftp://files.example.com' }],
    ['a bucket with a slash', { STORAGE_S3_BUCKET: 'agency/files' }],
    ['path style that is not a yes or no', { STORAGE_S3_FORCE_PATH_STYLE: 'sometimes' }],
  ])('refuses %s', (_, wrong) => {
    expect(() => loadConfig({ ...all, ...wrong })).toThrow(/Invalid configuration/);
  });
});
