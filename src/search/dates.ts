// Date values of the search language: ISO 8601 and English relative/free-form dates, as UTC intervals.
import { DAY_MS } from '../shared/clock.js';

/** [start, end) in UTC; `period` is true for a whole day/month/year (a date written without time). */
export interface DateInterval {
  start: Date;
  end: Date;
  period: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 0, january: 0, feb: 1, february: 1, mar: 2, march: 2, apr: 3, april: 3, may: 4, jun: 5, june: 5,
  jul: 6, july: 6, aug: 7, august: 7, sep: 8, sept: 8, september: 8, oct: 9, october: 9, nov: 10, november: 10, dec: 11, december: 11,
};
const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function utcDay(y: number, m: number, d: number): Date | null {
  if (y < 1 || y > 9999 || m < 0 || m > 11 || d < 1) return null;
  const t = new Date(Date.UTC(y, m, d));
  t.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  return t.getUTCMonth() === m && t.getUTCDate() === d ? t : null;
}

function day(start: Date | null): DateInterval | null {
  return start ? { start, end: new Date(start.getTime() + DAY_MS), period: true } : null;
}

function startOfDay(t: Date): Date {
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
}

function shift(now: Date, n: number, unit: string): Date {
  const t = new Date(now.getTime());
  if (unit === 'day') t.setUTCDate(t.getUTCDate() - n);
  else if (unit === 'week') t.setUTCDate(t.getUTCDate() - 7 * n);
  else if (unit === 'month') t.setUTCMonth(t.getUTCMonth() - n);
  else t.setUTCFullYear(t.getUTCFullYear() - n);
  return t;
}

/** Parses a date value; null when it is not one. `now` is injectable for tests. */
export function parseDate(input: string, now: Date = new Date()): DateInterval | null {
  const text = input.trim().replace(/_/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  let m: RegExpExecArray | null;

  if (text === 'now') return { start: now, end: new Date(now.getTime() + 1), period: false };
  if (text === 'today') return day(startOfDay(now));
  if (text === 'yesterday') return day(startOfDay(new Date(now.getTime() - DAY_MS)));
  if (text === 'tomorrow') return day(startOfDay(new Date(now.getTime() + DAY_MS)));

  if ((m = /^(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten) (second|minute|hour|day|week|month|year)s? ago$/.exec(text))) {
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!]!;
    if (n > 100_000) return null;
    const unit = m[2]!;
    if (UNIT_MS[unit]) {
      const t = new Date(now.getTime() - n * UNIT_MS[unit]!);
      return { start: t, end: new Date(t.getTime() + 1), period: false };
    }
    const t = shift(now, n, unit);
    return t.getUTCFullYear() < 1 ? null : day(startOfDay(t));
  }

  if ((m = /^(\d{4})$/.exec(text))) {
    const start = utcDay(Number(m[1]), 0, 1);
    const end = start && new Date(Date.UTC(Number(m[1]) + 1, 0, 1));
    if (end) end.setUTCFullYear(Number(m[1]) + 1);
    return start && end ? { start, end, period: true } : null;
  }
  if ((m = /^(\d{4})-(\d{1,2})$/.exec(text))) return month(Number(m[1]), Number(m[2]) - 1);
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text))) return day(utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])));

  // ISO date with time; without an offset the time is UTC.
  if ((m = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(z|[+-]\d{2}:?\d{2})?$/.exec(text))) {
    const d = utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    const [h, min, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (!d || h > 23 || min > 59 || s > 59) return null;
    let t = d.getTime() + ((h * 60 + min) * 60 + s) * 1000 + Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
    if (m[8] && m[8] !== 'z') {
      const off = /^([+-])(\d{2}):?(\d{2})$/.exec(m[8])!;
      t -= (off[1] === '-' ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3])) * 60_000;
    }
    const precision = m[7] !== undefined ? 1 : m[6] !== undefined ? 1000 : 60_000;
    return { start: new Date(t), end: new Date(t + precision), period: false };
  }

  // "July 4, 2013", "Jul 4 2013", "4 July 2013", "July 2013", "July 4" (this year).
  const monthName = (name: string) => MONTHS[name.replace(/\.$/, '')];
  if ((m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text)) && monthName(m[1]!) !== undefined) {
    return day(utcDay(Number(m[3]), monthName(m[1]!)!, Number(m[2])));
  }
  if ((m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+\.?),? (\d{4})$/.exec(text)) && monthName(m[2]!) !== undefined) {
    return day(utcDay(Number(m[3]), monthName(m[2]!)!, Number(m[1])));
  }
  if ((m = /^([a-z]+\.?),? (\d{4})$/.exec(text)) && monthName(m[1]!) !== undefined) return month(Number(m[2]), monthName(m[1]!)!);
  if ((m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?$/.exec(text)) && monthName(m[1]!) !== undefined) {
    return day(utcDay(now.getUTCFullYear(), monthName(m[1]!)!, Number(m[2])));
  }
  // US numeric "7/4/2013".
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) return day(utcDay(Number(m[3]), Number(m[1]) - 1, Number(m[2])));
  return null;
}

function month(y: number, m: number): DateInterval | null {
  const start = utcDay(y, m, 1);
  if (!start) return null;
  const end = new Date(start.getTime());
  end.setUTCMonth(m + 1);
  return { start, end, period: true };
}
