// Small helpers shared by the hook payload parsers: typed field access, refs and URL variants.
import { HookPayloadError } from './types.js';
import { trimTrailingSlashes } from '../shared/text.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload root, which must be a JSON object. */
export function root(body: unknown): JsonObject {
  if (!isObject(body)) throw HookPayloadError.invalid('payload is not a JSON object');
  return body;
}

/** Required nested object `parent[key]`; `path` names it in the error detail. */
export function obj(parent: JsonObject, key: string, path: string = key): JsonObject {
  const value = parent[key];
  if (!isObject(value)) throw HookPayloadError.invalid(`${path} missing or not an object`);
  return value;
}

export function optObj(parent: JsonObject | undefined, key: string): JsonObject | undefined {
  const value = parent?.[key];
  return isObject(value) ? value : undefined;
}

/** Required non-empty string `parent[key]`. */
export function str(parent: JsonObject, key: string, path: string = key): string {
  const value = parent[key];
  if (typeof value !== 'string' || value === '') throw HookPayloadError.invalid(`${path} missing or not a string`);
  return value;
}

/** Optional non-empty string `parent[key]`. */
export function optStr(parent: JsonObject | undefined, key: string): string | undefined {
  const value = parent?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Required array `parent[key]`. */
export function arr(parent: JsonObject, key: string, path: string = key): unknown[] {
  const value = parent[key];
  if (!Array.isArray(value)) throw HookPayloadError.invalid(`${path} missing or not an array`);
  return value;
}

/** `refs/heads/main` → `main`; other refs (tags) are returned unchanged, as the services send them. */
export function branchFromRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

/** Case-insensitive header lookup (Node lower-cases, hand-built requests may not). */
export function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** Deduplicated candidates, each followed by its `.git` / non-`.git` twin (order kept). */
export function withGitVariants(urls: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  const add = (url: string) => {
    if (!out.includes(url)) out.push(url);
  };
  for (const raw of urls) {
    if (!raw) continue;
    const url = raw.trim();
    if (url === '') continue;
    add(url);
    const bare = trimTrailingSlashes(url);
    if (/\.git$/i.test(bare)) add(bare.slice(0, -4));
    else add(`${bare}.git`);
  }
  return out;
}

/** Strips a trailing `.git` (and slashes) from a full name. */
export function bareName(name: string): string {
  return trimTrailingSlashes(name).replace(/\.git$/i, '');
}

/** Hostname of an absolute URL, or undefined. */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname;
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}
