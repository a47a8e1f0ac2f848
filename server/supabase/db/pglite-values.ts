// Parameters in PostgreSQL's text form, as node-postgres sends them (its prepareValue), so a value
// means the same on PGlite as through the pg adapter: the server infers each parameter's type.

function hex(bytes: Uint8Array): string {
  return '\\x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** An array literal: {"a","b",NULL}, nested arrays nested. */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = toParameter(value) as string;
    return '"' + text.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
  });
  return '{' + items.join(',') + '}';
}

export function toParameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return hex(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
