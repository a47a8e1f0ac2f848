// A media type read strictly, as RFC 9110 (section "Media Type") writes it: `type/subtype`, both
// tokens, then `; name=value` parameters whose values are tokens or quoted strings. Anything else
// is not a media type at all: browsers read a loose header their own way (Chromium takes the last
// of `image/png;x=1,text/html`, so that file would be HTML), so what is stored and served is the
// canonical form of what this parser accepted, never the raw header.

export interface MediaType {
  /** Lower case, e.g. `image`. */
  type: string;
  /** Lower case, e.g. `png` or `svg+xml`. */
  subtype: string;
  /** Names in lower case, values unquoted, in the order sent. */
  parameters: Array<[name: string, value: string]>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A quoted string's characters: printable ASCII and tab, with `"` and `\` only escaped. */
const QUOTED_CHAR = /[\t\x20-\x7e]/;
/** A header longer than this is no media type a client means. */
const MAX_LENGTH = 255;

/** Reads `"…"` from the start of `text`: the value and what follows it, or undefined. */
function quotedString(text: string): { value: string; rest: string } | undefined {
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') return { value, rest: text.slice(i + 1) };
    if (char === '\\') {
      const escaped = text[++i];
      if (escaped === undefined || !QUOTED_CHAR.test(escaped)) return undefined;
      value += escaped;
    } else if (QUOTED_CHAR.test(char)) value += char;
    else return undefined;
  }
  return undefined;
}

const trimOws = (text: string) => text.replace(/^[ \t]+/, '');

/** The media type `value` says, or undefined when it is not one written as RFC 9110 allows. */
export function parseMediaType(value: string): MediaType | undefined {
  if (value.length > MAX_LENGTH) return undefined;
  const essence = /^([^/;\s]+)\/([^/;\s]+)[ \t]*/.exec(value);
  if (!essence || !TOKEN.test(essence[1]!) || !TOKEN.test(essence[2]!)) return undefined;
  const parameters: MediaType['parameters'] = [];
  let rest = value.slice(essence[0].length);
  while (rest !== '') {
    if (rest[0] !== ';') return undefined;
    rest = trimOws(rest.slice(1));
    if (rest === '') break; // a trailing `;` names nothing
    const name = /^[^=;\s]+/.exec(rest)?.[0];
    if (!name || !TOKEN.test(name) || rest[name.length] !== '=') return undefined;
    rest = rest.slice(name.length + 1);
    let parameterValue: string;
    if (rest.startsWith('"')) {
      const quoted = quotedString(rest);
      if (!quoted) return undefined;
      parameterValue = quoted.value;
      rest = quoted.rest;
    } else {
      parameterValue = /^[^;\s]*/.exec(rest)![0];
      if (!TOKEN.test(parameterValue)) return undefined;
      rest = rest.slice(parameterValue.length);
    }
    parameters.push([name.toLowerCase(), parameterValue]);
    rest = rest.replace(/^[ \t]+/, '');
  }
  return {
    type: essence[1]!.toLowerCase(),
    subtype: essence[2]!.toLowerCase(),
    parameters,
  };
}

/** `type/subtype` in lower case. */
export const essenceOf = (mediaType: MediaType) => `${mediaType.type}/${mediaType.subtype}`;

/**
 * The form kept and served: the essence, and for anything but an image its parameters (a text's
 * charset matters; an image has none that a browser reads).
 */
export function canonicalMediaType(mediaType: MediaType): string {
  if (mediaType.type === 'image') return essenceOf(mediaType);
  const parameters = mediaType.parameters.map(
    ([name, value]) =>
      `; ${name}=${TOKEN.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`}`,
  );
  return essenceOf(mediaType) + parameters.join('');
}
