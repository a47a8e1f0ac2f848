// AWS Signature Version 4 for S3 requests, header-based and in one chunk, as the S3 API reference
// describes it ("Signature Calculations for the Authorization Header: Transferring Payload in a
// Single Chunk"): a canonical request (method, URI, query, headers, payload hash), hashed into a
// string to sign under a credential scope, and signed with a key derived from the secret by date,
// region and service. S3 encodes each path segment once (unlike other services, which encode twice).
import { createHash, createHmac } from 'node:crypto';

export const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The payload hash sent for a body that is streamed and not hashed first (S3 takes it over TLS). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 asks: everything but `A-Z a-z 0-9 - _ . ~`, in upper-case hex. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A key's path: each segment encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(uriEncode).join('/');
}

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  /** The request's path, already encoded (as it goes on the wire). */
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  /** Every header to sign, host and x-amz-date included; names in any case. */
  headers: Readonly<Record<string, string>>;
  /** The x-amz-content-sha256 value: the body's SHA-256 in hex, or UNSIGNED_PAYLOAD. */
  payloadHash: string;
}

/** `20130524T000000Z`: the x-amz-date of a moment. */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function canonicalRequest(request: RequestToSign): {
  text: string;
  signedHeaders: string;
} {
  const query = request.query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const text = [
    request.method,
    request.path,
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

/** The Authorization header of a request made at `at` (whose x-amz-date header says the same). */
export function authorization(
  request: RequestToSign,
  credentials: SigningCredentials,
  at: Date,
): string {
  const timestamp = amzDate(at);
  const day = timestamp.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(request);
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(text)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
