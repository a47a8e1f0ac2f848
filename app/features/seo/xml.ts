// The one escaping rule the robots, sitemap and feed builders share.

/** Characters XML 1.0 forbids outright (control characters other than tab, LF and CR). */
// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe both as element content and inside a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(forbidden, '').replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

export const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>';
