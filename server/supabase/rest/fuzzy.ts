// "Perhaps you meant …" hints for unknown tables and columns.

/** Levenshtein distance (insert, delete, substitute all cost 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `name`, if it is close enough to be a plausible typo: a case-only
 * difference, or at most half of the typed name's characters changed (PostgreSQL's rule for its
 * "Perhaps you meant" hints). Ties go to the first.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === name.toLowerCase()
        ? 0.5
        : editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance > Math.floor(name.length / 2)) continue;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
