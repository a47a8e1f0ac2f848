// What a /storage/v1 request asks for: its route among Storage's object routes (supabase/storage
// src/http/routes/object), and the options in its JSON body, checked against Storage's schemas
// and worded as its validation errors are.
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '#server/http.ts';
import { entityTooLarge, invalidKey, invalidRequest, routeNotFound } from './errors.ts';
import { SORT_COLUMNS, type ListOptions } from './objects.ts';

export const PREFIX = '/storage/v1';
/** Storage's limit on one delete request. */
const MAX_DELETE_NAMES = 1000;
/** storage.search never answers more than this many entries. */
const MAX_LIST_LIMIT = 1500;

export type Access = 'public' | 'authenticated';

export type Route =
  | { kind: 'upload'; bucket: string; name: string; upsert: boolean }
  | { kind: 'list'; bucket: string }
  | { kind: 'remove'; bucket: string }
  | { kind: 'download' | 'info'; access: Access; bucket: string; name: string }
  | { kind: 'sign-many'; bucket: string }
  | {
      kind: 'sign' | 'signed-download' | 'sign-upload' | 'signed-upload';
      bucket: string;
      name: string;
    };

/** The path's segments below /storage/v1, decoded as Storage's router decodes its parameters. */
function segmentsOf(url: URL): string[] {
  return url.pathname
    .slice(PREFIX.length + 1)
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw invalidKey(segment);
      }
    });
}

/** Storage's object routes, static segments (`list`, `public`, `info`…) before bucket names. */
export function routeOf(method: string, url: URL): Route {
  const [area, ...rest] = segmentsOf(url);
  const named = (at: number) => ({ bucket: rest[at]!, name: rest.slice(at + 1).join('/') });
  if (area === 'object') {
    const [first, second] = rest;
    if (first === 'sign') {
      if (method === 'POST' && rest.length === 2) return { kind: 'sign-many', bucket: second! };
      if (method === 'POST' && rest.length >= 3) return { kind: 'sign', ...named(1) };
      if ((method === 'GET' || method === 'HEAD') && rest.length >= 3) {
        return { kind: 'signed-download', ...named(1) };
      }
    }
    if (first === 'upload' && second === 'sign' && rest.length >= 4) {
      if (method === 'POST') return { kind: 'sign-upload', ...named(2) };
      if (method === 'PUT') return { kind: 'signed-upload', ...named(2) };
    }
    if (method === 'POST' && first === 'list' && rest.length === 2) {
      return { kind: 'list', bucket: second! };
    }
    if (method === 'DELETE' && rest.length === 1) return { kind: 'remove', bucket: first! };
    if (method === 'GET' && first === 'info') {
      if ((second === 'public' || second === 'authenticated') && rest.length >= 4) {
        return { kind: 'info', access: second, ...named(2) };
      }
      if (rest.length >= 3) return { kind: 'info', access: 'authenticated', ...named(1) };
    }
    if (method === 'GET' || method === 'HEAD') {
      if ((first === 'public' || first === 'authenticated') && rest.length >= 3) {
        return { kind: 'download', access: first, ...named(1) };
      }
      if (rest.length >= 2) return { kind: 'download', access: 'authenticated', ...named(0) };
    }
    if ((method === 'POST' || method === 'PUT') && rest.length >= 2) {
      // update() replaces, as Storage's PUT does; upload() replaces only with x-upsert: true.
      return { kind: 'upload', upsert: method === 'PUT', ...named(0) };
    }
  }
  throw routeNotFound(method, url.pathname.slice(PREFIX.length) + url.search);
}

/** A JSON request body (list, remove), with Storage's words for what is wrong with it. */
export async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw entityTooLarge('request body');
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('body must be object');
  }
  return body as Record<string, unknown>;
}

/** The listing options of storage-js's list(): Storage's schema, its defaults and its limits. */
export function listOptions(body: Record<string, unknown>): ListOptions {
  const { prefix, limit = 100, offset = 0, sortBy, search = '' } = body;
  if (typeof prefix !== 'string') throw invalidRequest("body must have required property 'prefix'");
  if (!Number.isInteger(limit) || (limit as number) < 1) {
    throw invalidRequest('body/limit must be integer >= 1');
  }
  if (!Number.isInteger(offset) || (offset as number) < 0) {
    throw invalidRequest('body/offset must be integer >= 0');
  }
  if (typeof search !== 'string') throw invalidRequest('body/search must be string');
  const sort = (sortBy ?? { column: 'name' }) as { column?: unknown; order?: unknown };
  const column = SORT_COLUMNS.find((name) => name === sort.column);
  if (!column)
    throw invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  const order = sort.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') {
    throw invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  }
  return {
    // A prefix is a folder, as Storage's searchObjects takes it.
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    search,
    limit: Math.min(limit as number, MAX_LIST_LIMIT),
    offset: offset as number,
    sortColumn: column,
    ascending: order === 'asc',
  };
}

/** The names storage-js's remove() sends: `{ prefixes: [...] }`, one to a thousand. */
export function deletedNames(body: Record<string, unknown>): string[] {
  const { prefixes } = body;
  if (!Array.isArray(prefixes)) throw invalidRequest("body must have required property 'prefixes'");
  if (prefixes.length === 0) throw invalidRequest('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.some((name) => typeof name !== 'string')) {
    throw invalidRequest('body/prefixes must be array of strings');
  }
  if (prefixes.length > MAX_DELETE_NAMES) {
    throw invalidRequest(
      `Bulk object requests are limited to ${MAX_DELETE_NAMES} objects per request.`,
    );
  }
  return prefixes as string[];
}
