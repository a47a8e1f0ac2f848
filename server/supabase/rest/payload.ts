// The JSON body of an insert or update: checked here for shape and column names, then handed to
// PostgreSQL as text (json_populate_recordset), so PostgreSQL coerces every value to its column type.
import type { Table } from './catalog.ts';
import { invalidBody, RestError, unknownBodyColumn } from './errors.ts';

/**
 * Deeper JSON makes PostgreSQL's recursive parser run out of stack (PGlite even returns no result
 * at all instead of an error), which would be a 500 for a client's mistake.
 */
export const MAX_JSON_DEPTH = 1000;

/** The deepest nesting of arrays and objects in JSON text, ignoring brackets inside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) deepest = Math.max(deepest, ++depth);
    else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return deepest;
}

export interface Payload {
  /** The body exactly as received: numbers keep their precision. */
  json: string;
  /** The columns written: the `columns` parameter, else the keys of the (first) object. */
  columns: string[];
  /** Keys present in the first object (an update's only object). */
  firstKeys: Set<string>;
  /** Number of objects (an update uses only the first). */
  count: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parsePayload(
  text: string,
  table: Table,
  columnsParam: string[] | undefined,
): Payload {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new RestError(400, {
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: `The JSON nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody();
  }
  const objects = Array.isArray(value) ? value : [value];
  if (!objects.every(isObject)) throw invalidBody();
  const first = objects[0] as Record<string, unknown> | undefined;
  const firstKeys = new Set(first ? Object.keys(first) : []);
  let columns: string[];
  if (columnsParam) {
    columns = [...new Set(columnsParam)];
  } else {
    columns = [...firstKeys];
    const same = (o: Record<string, unknown>) => {
      const keys = Object.keys(o);
      return keys.length === firstKeys.size && keys.every((k) => firstKeys.has(k));
    };
    // Without `columns`, PostgREST takes the first object's keys and insists the others match.
    if (!objects.every(same)) throw invalidBody('All object keys must match');
  }
  for (const column of columns)
    if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  return { json: text, columns, firstKeys, count: objects.length };
}
