// The S3 client against a real S3 API server that checks each request's signature.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withTestS3 } from '#tests/support/s3.ts';
import { createS3Client, objectUrl } from './s3.ts';

describe('the S3 client', () => {
  const given = withTestS3('client-tests');

  it('puts, heads, gets and deletes an object whose key needs encoding', async () => {
    const key = "bucket/a folder/it's (1) & more+=@;:,?.png/v1";
    const bytes = Buffer.from('hello, bytes');
    await given.s3.client.putObject(key, bytes, { contentType: 'image/png' });
    expect(await given.s3.client.headObject(key)).toEqual({ size: bytes.length });
    const got = await given.s3.client.getObject(key);
    expect(got?.size).toBe(bytes.length);
    expect(await buffer(got!.body)).toEqual(bytes);
    await given.s3.client.deleteObject(key);
    expect(await given.s3.client.getObject(key)).toBeUndefined();
    expect(await given.s3.client.headObject(key)).toBeUndefined();
    await expect(given.s3.client.deleteObject(key)).resolves.toBeUndefined();
  });

  it('streams a file from disk', async () => {
    const file = path.join(given.dir, 'big.bin');
    const bytes = Buffer.alloc(6 * 1024 * 1024, 7);
    await writeFile(file, bytes);
    await given.s3.client.putObject('files/big.bin', { file, size: bytes.length });
    expect(await buffer((await given.s3.client.getObject('files/big.bin'))!.body)).toEqual(bytes);
  });

  it('lists every key below a prefix, page after page', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
    await Promise.all(keys.map((key) => given.s3.client.putObject(key, Buffer.from(key))));
    await given.s3.client.putObject('other/one', Buffer.from('x'));
    const listed: string[] = [];
    for await (const object of given.s3.client.listObjects('many/', 10)) {
      expect(object.size).toBe(9);
      listed.push(object.key);
    }
    expect(listed.sort()).toEqual(keys);
  });

  it('throws what S3 answered for wrong keys, and names an endpoint nobody answers', async () => {
    const wrongSecret = createS3Client({
      endpoint: given.s3.endpoint,
      region: 'us-east-1',
      bucket: given.s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    });
    await expect(wrongSecret.putObject('x', Buffer.from('x'))).rejects.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    wrongSecret.close();

    const nobody = createS3Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      bucket: given.s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(nobody.getObject('x')).rejects.toMatchObject({ status: 0, code: 'Unreachable' });
    nobody.close();
  });

  it("addresses a key in path style or on the bucket's own host, each segment encoded once", () => {
    const settings = { endpoint: 'https://s3.eu-north-1.amazonaws.com', bucket: 'files' };
    expect(objectUrl({ ...settings, forcePathStyle: false }, 'b/a (1).png/v1').href).toBe(
      'https://files.s3.eu-north-1.amazonaws.com/b/a%20%281%29.png/v1',
    );
    expect(objectUrl({ ...settings, forcePathStyle: true }, 'b/a (1).png/v1').href).toBe(
      'https://s3.eu-north-1.amazonaws.com/files/b/a%20%281%29.png/v1',
    );
    expect(objectUrl({ ...settings, forcePathStyle: true }, '').href).toBe(
      'https://s3.eu-north-1.amazonaws.com/files',
    );
    expect(
      objectUrl({ endpoint: 'http://127.0.0.1:9000/s3/', bucket: 'f', forcePathStyle: true }, 'k')
        .href,
    ).toBe('http://127.0.0.1:9000/s3/f/k');
  });
});
