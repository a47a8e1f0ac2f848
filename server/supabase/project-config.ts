// The settings of supabase/config.toml that the embedded services share with a hosted project
// (`supabase db push` and the dashboard read the same file), so one value holds in both places.
// Reads the part of TOML that file uses: [tables], and keys whose values are strings, integers,
// booleans or one-line arrays of those; anything else is refused with the line it is on.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type TomlValue = string | number | boolean | TomlValue[];
/** Every table by its dotted name ('' for the keys before the first table). */
export type TomlTables = Map<string, Map<string, TomlValue>>;

export const projectConfigFile = path.resolve(import.meta.dirname, '../../supabase/config.toml');

function parseValue(text: string, where: string): TomlValue {
  const value = text.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(value)) return JSON.parse(value) as string;
  if (/^'[^']*'$/.test(value)) return value.slice(1, -1);
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^[+-]?\d[\d_]*$/.test(value)) return Number(value.replaceAll('_', ''));
  if (value.startsWith('[') && value.endsWith(']')) {
    const inner = value.slice(1, -1).trim();
    if (inner === '') return [];
    const items = inner.match(/"(?:[^"\\]|\\.)*"|'[^']*'|[^,]+/g) ?? [];
    return items
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => parseValue(item, where));
  }
  throw new Error(`${where}: a value this reader does not understand: ${value}`);
}

/** Strips a comment that is not inside a string. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === '\\' && quote === '"') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return line.slice(0, i);
  }
  return line;
}

export function parseToml(text: string, source = 'config.toml'): TomlTables {
  const tables: TomlTables = new Map([['', new Map()]]);
  let current = tables.get('')!;
  text.split(/\r?\n/).forEach((raw, index) => {
    const where = `${source} line ${index + 1}`;
    const line = withoutComment(raw).trim();
    if (line === '') return;
    const table = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (table) {
      current = tables.get(table[1]!) ?? new Map();
      tables.set(table[1]!, current);
      return;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair) throw new Error(`${where}: not a [table] or a key = value line`);
    current.set(pair[1]!, parseValue(pair[2]!, where));
  });
  return tables;
}

/** The project's config.toml, parsed (read once per call: callers keep what they need). */
export function readProjectConfig(file = projectConfigFile): TomlTables {
  return parseToml(readFileSync(file, 'utf8'), path.basename(file));
}

/** A whole, non-negative number setting, or `fallback` when the file does not set it. */
export function integerSetting(
  tables: TomlTables,
  table: string,
  key: string,
  fallback: number,
): number {
  const value = tables.get(table)?.get(key);
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`config.toml [${table}] ${key} must be a whole number of 0 or more`);
  }
  return value;
}
