// Request headers PostgREST negotiates on: Accept, Prefer, Accept-Profile / Content-Profile, Range.
import type { IncomingHttpHeaders } from 'node:http';
import { RestError } from './errors.ts';

export interface MediaType {
  /** `array`: a JSON array; `object`: application/vnd.pgrst.object+json (.single()). */
  shape: 'array' | 'object';
  stripNulls: boolean;
  /** The Content-Type of a successful answer. */
  contentType: string;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Picks the answer's media type from Accept (highest q first), as PostgREST does. */
export function negotiateMediaType(headers: IncomingHttpHeaders): MediaType {
  const accept = headerValue(headers, 'accept')?.trim();
  if (!accept)
    return { shape: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' };
  const ranges = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      const values = new Map(
        params.map((p) => {
          const [k = '', v = ''] = p.split('=').map((s) => s.trim());
          return [k.toLowerCase(), v.replace(/^"|"$/g, '').toLowerCase()] as const;
        }),
      );
      const q = values.has('q') ? Number(values.get('q')) : 1;
      return {
        type: type.toLowerCase(),
        stripNulls: values.get('nulls') === 'stripped',
        q: Number.isNaN(q) ? 0 : q,
        order,
      };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const range of ranges) {
    const nulls = range.stripNulls ? '; nulls=stripped' : '';
    switch (range.type) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return {
          shape: 'array',
          stripNulls: false,
          contentType: 'application/json; charset=utf-8',
        };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          shape: 'array',
          stripNulls: range.stripNulls,
          contentType: range.stripNulls
            ? `application/vnd.pgrst.array+json${nulls}; charset=utf-8`
            : 'application/json; charset=utf-8',
        };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          shape: 'object',
          stripNulls: range.stripNulls,
          contentType: `application/vnd.pgrst.object+json${nulls}; charset=utf-8`,
        };
    }
  }
  throw new RestError(406, {
    code: 'PGRST107',
    message: `None of these media types are available: ${accept}`,
  });
}

export interface Preferences {
  /** Absent means minimal. */
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

const allowed: Record<string, RegExp> = {
  return: /^(minimal|representation|headers-only)$/,
  count: /^(exact|planned|estimated)$/,
  resolution: /^(merge-duplicates|ignore-duplicates)$/,
  missing: /^(default|null)$/,
  handling: /^(strict|lenient)$/,
  'max-affected': /^[0-9]+$/,
  tx: /^(commit|rollback)$/,
  timezone: /./,
};

/**
 * Prefer: `return=representation, count=exact, missing=default`, possibly over several headers.
 * `tx` is accepted and ignored: as on hosted Supabase, a request always commits.
 */
export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const prefs: Preferences = {};
  const invalid: string[] = [];
  const raw = headerValue(headers, 'prefer') ?? '';
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', value = ''] = item.split('=').map((s) => s.trim());
    if (!allowed[key]?.test(value)) {
      invalid.push(item);
      continue;
    }
    if (key === 'return') prefs.return = value as Preferences['return'];
    else if (key === 'count') prefs.count = value as Preferences['count'];
    else if (key === 'resolution') prefs.resolution = value as Preferences['resolution'];
    else if (key === 'missing') prefs.missing = value as Preferences['missing'];
    else if (key === 'handling') prefs.handling = value as Preferences['handling'];
    else if (key === 'max-affected') prefs.maxAffected = Number(value);
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  }
  return prefs;
}

/** Only `public` is exposed; Accept-Profile (reads) or Content-Profile (writes) must name it. */
export function checkProfile(headers: IncomingHttpHeaders, write: boolean, exposed: string): void {
  const profile = headerValue(headers, write ? 'content-profile' : 'accept-profile')?.trim();
  if (profile === undefined || profile === exposed) return;
  throw new RestError(406, {
    code: 'PGRST106',
    message: `Invalid schema: ${profile}`,
    hint: `Only the following schemas are exposed: ${exposed}`,
  });
}

/** `Range: 0-24` (items). Returns the offset and optional last index, or undefined if absent or unparsable. */
export function parseRangeHeader(
  headers: IncomingHttpHeaders,
): { from: number; to?: number } | undefined {
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(headerValue(headers, 'range') ?? '');
  if (!match) return undefined;
  const from = Number(match[1]);
  if (!match[2]) return { from };
  const to = Number(match[2]);
  if (to < from)
    throw new RestError(416, { code: 'PGRST103', message: 'Requested range not satisfiable' });
  return { from, to };
}
