// The one source of "now" as an ISO 8601 UTC string, so stored timestamps sort lexicographically; the length of a day.
export function nowIso(): string {
  return new Date().toISOString();
}

/** A day in milliseconds (UTC days: no daylight saving). */
export const DAY_MS = 86_400_000;
