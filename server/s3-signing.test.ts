import { describe, expect, it } from 'vitest';
import { authorization, encodeKeyPath, sha256Hex, uriEncode } from './s3-signing.ts';

// The worked example of the S3 API reference ("Example: GET Object"), with its published keys.
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const emptyHash = sha256Hex('');

describe('SigV4 for S3', () => {
  it("signs the reference's GET Object example to its published signature", () => {
    const header = authorization(
      {
        method: 'GET',
        path: '/test.txt',
        query: [],
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
      },
      credentials,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("signs the reference's ListObjects example, whose query is sorted and encoded", () => {
    const header = authorization(
      {
        method: 'GET',
        path: '/',
        query: [
          ['prefix', 'J'],
          ['max-keys', '2'],
        ],
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
      },
      credentials,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(header).toContain(
      'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('encodes every character outside the unreserved set, and each key segment once', () => {
    expect(uriEncode("a b!'()*~._-é")).toBe('a%20b%21%27%28%29%2A~._-%C3%A9');
    expect(encodeKeyPath('blog-images/2026/hero image (1).png/v1')).toBe(
      'blog-images/2026/hero%20image%20%281%29.png/v1',
    );
  });
});
