// The one source of "now" as an ISO 8601 UTC string, so stored timestamps sort lexicographically.
export function nowIso(): string {
  return new Date().toISOString();
}
