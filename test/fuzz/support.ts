// Shared knobs of the property-based fuzz suites: run counts from the environment, a per-input time bound, outcome checks.
import fc from 'fast-check';

/**
 * Runs per property. `npm test` keeps the default small so the fuzz files add seconds, not minutes; `npm run fuzz`
 * sets PARLA_FUZZ_RUNS high. Tests read the environment directly because they are not part of the server's config.
 */
export const FUZZ_RUNS = positiveInt(process.env.PARLA_FUZZ_RUNS, 100);
/** Longest one input may take in one parser call; slower means a super-linear path (regex backtracking, quadratic loop). */
export const TIME_LIMIT_MS = positiveInt(process.env.PARLA_FUZZ_TIME_LIMIT_MS, 2000);
/** A fixed seed replays one campaign (fast-check prints the seed and the shrunk counterexample on failure). */
const SEED = process.env.PARLA_FUZZ_SEED ? Number(process.env.PARLA_FUZZ_SEED) : undefined;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Runs of a property scaled by a weight (expensive properties run a fraction of the budget, at least one). */
export function runs(weight = 1): number {
  return Math.max(1, Math.round(FUZZ_RUNS * weight));
}

/** fast-check parameters shared by all suites. */
export function params<T>(weight = 1): fc.Parameters<T> {
  return { numRuns: runs(weight), ...(SEED !== undefined ? { seed: SEED } : {}) };
}

/** A call that either returned or threw; anything else (a hang) fails the property before this returns. */
export type Outcome<T> = { ok: true; value: T; ms: number } | { ok: false; error: unknown; ms: number };

/**
 * Calls `fn` and reports what happened with its duration. Parsers are synchronous, so a runaway input cannot be
 * interrupted in-process; the bound still turns a super-linear input into a failing, shrinkable counterexample.
 */
export function timed<T>(label: string, fn: () => T): Outcome<T> {
  const start = performance.now();
  let outcome: Outcome<T>;
  try {
    outcome = { ok: true, value: fn(), ms: 0 };
  } catch (error) {
    outcome = { ok: false, error, ms: 0 };
  }
  outcome.ms = performance.now() - start;
  if (outcome.ms > TIME_LIMIT_MS) throw new Error(`${label} took ${Math.round(outcome.ms)} ms (limit ${TIME_LIMIT_MS} ms)`);
  return outcome;
}

/** Describes an unexpected exception so the counterexample report says what was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`;
  return `non-Error thrown: ${String(error)}`;
}

/** Printable ASCII plus characters that are special in at least one of the formats or languages under test. */
const SPECIALS = [
  '"', "'", '\\', '<', '>', '&', '=', ':', '#', '!', '%', '{', '}', '[', ']', '(', ')', ',', ';', '|', '*', '~', '-', '/', '@', '$', '`', '?',
  '\n', '\t', ' ', '  ', '\u00a0', 'č', 'ř', 'ß', '日本', '👍', 'عربي', '\u200b', '&amp;', '<b>', '</b>', '%s', '%1$d', '{0}', '{{name}}', '\\n', '\\u00e9',
  'msgid', '"\n"', '<![CDATA[', ']]>', '-->', '<!--', '---', '...', '<x/>',
];

/** Short strings built from ordinary text and format-significant fragments. */
export function trickyString(maxLength = 40): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIALS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
  );
  // Cut at code points, never inside a surrogate pair: a lone surrogate is not text any encoding can write.
  return fc.array(piece, { maxLength: 8 }).map((parts) => Array.from(parts.join('')).slice(0, maxLength).join(''));
}

/** Mutations of a valid byte sample: flips, truncation, deletion and insertion of format-significant bytes. */
export function mutatedBytes(samples: readonly Uint8Array[], significant: readonly string[]): fc.Arbitrary<Uint8Array> {
  const sample = fc.constantFrom(...samples);
  const insertion = fc.oneof(fc.constantFrom(...significant, ...SPECIALS), fc.string({ maxLength: 4 }));
  type Edit =
    | { kind: 'flip'; at: number; byte: number }
    | { kind: 'truncate'; at: number }
    | { kind: 'delete'; at: number; length: number }
    | { kind: 'insert'; at: number; text: string }
    | { kind: 'duplicate'; at: number; length: number }
    | { kind: 'prefix'; bytes: number[] }
    | { kind: 'recode'; to: 'utf16le' | 'utf16be' };
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.nat(255) }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 16 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: insertion }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
    // Byte order marks switch decoders (UTF-16 paths are where odd lengths and lone surrogates live).
    fc.record({ kind: fc.constant('prefix' as const), bytes: fc.constantFrom([0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0x00], [0xff, 0xfe, 0x00]) }),
    // The whole file in UTF-16 (most formats accept it with a BOM) reaches the decoders' other branch with valid content.
    fc.record({ kind: fc.constant('recode' as const), to: fc.constantFrom('utf16le' as const, 'utf16be' as const) }),
  ) as fc.Arbitrary<Edit>;
  return fc.tuple(sample, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([bytes, edits]) => {
    let out = Buffer.from(bytes);
    for (const e of edits) {
      const at = out.length === 0 || e.kind === 'prefix' || e.kind === 'recode' ? 0 : e.at % (out.length + 1);
      if (e.kind === 'flip' && out.length > 0) {
        out = Buffer.from(out);
        out[at % out.length] = e.byte;
      } else if (e.kind === 'truncate') out = out.subarray(0, at);
      else if (e.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + e.length)]);
      else if (e.kind === 'insert') out = Buffer.concat([out.subarray(0, at), Buffer.from(e.text, 'utf8'), out.subarray(at)]);
      else if (e.kind === 'duplicate') out = Buffer.concat([out.subarray(0, at + e.length), out.subarray(at)]);
      else if (e.kind === 'prefix') out = Buffer.concat([Buffer.from(e.bytes), out]);
      else if (e.kind === 'recode') {
        const le = Buffer.from(`\ufeff${out.toString('utf8').replace(/^\ufeff/, '')}`, 'utf16le');
        out = e.to === 'utf16le' ? le : le.swap16();
      }
    }
    return new Uint8Array(out);
  });
}
