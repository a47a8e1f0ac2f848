// Go's time.ParseDuration, which GoTrue uses for ban_duration ("24h", "1h30m", "876000h").

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Milliseconds, or undefined when Go would refuse the text. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^([-+]?)(.+)$/.exec(text);
  if (!match) return undefined;
  const [, sign, rest] = match;
  if (rest === '0') return 0;
  const part = /(\d*\.?\d*)(ns|us|µs|μs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < rest!.length) {
    part.lastIndex = at;
    const unit = part.exec(rest!);
    if (!unit || unit[1] === '' || unit[1] === '.') return undefined;
    total += Number(unit[1]) * UNIT_MS[unit[2]!]!;
    at = part.lastIndex;
  }
  return sign === '-' ? -total : total;
}
