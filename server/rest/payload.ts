// The JSON body of an insert or update: checked here for shape and column names, then handed to
// PostgreSQL as text (json_populate_recordset), so PostgreSQL coerces every value to its column type.
import type { Table } from './catalog.ts';
import { invalidBody, unknownBodyColumn } from './errors.ts';

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

export function parsePayload(text: string, table: Table, columnsParam: string[] | undefined): Payload {
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
  for (const column of columns) if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  return { json: text, columns, firstKeys, count: objects.length };
}
