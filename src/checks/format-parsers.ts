// Placeholder parsers of the less common format languages (Objective-C, Lua, Object Pascal, Scheme, C#, Ruby, Vue …), each one precompiled linear regex.
import { memoize } from './memo.js';

/** Placeholders of one string, each reduced to the key two strings are compared by. */
export interface FormatParse {
  keys: string[];
  /** Display text of each key (the placeholder as written), for descriptions. */
  texts: Map<string, string>;
  /** Syntax error that makes the string unusable in its format language. */
  error?: string;
  /** How many placeholders take their argument by position alone (for unnamed_format). */
  unnamed?: number;
}

export type Parser = (s: string) => FormatParse;

/** Numbering state of one parse: unnumbered directives take the next argument. */
interface ParseState {
  position: number;
}

/** What a token contributes: its comparison key, and whether it is an unnamed (positional) one. */
type KeyOf = (m: RegExpExecArray, state: ParseState) => { key: string; unnamed?: boolean } | null;

/**
 * A parser from one global regex and a key function. `trigger` is a character every placeholder
 * contains: strings without it (most of them) cost one indexOf. Every regex given here keeps its
 * repeated parts apart from what follows them (the class inside "{…}" excludes both braces), so a
 * failed attempt never rescans text another attempt already covered: matching stays linear.
 */
export function tokenParser(pattern: RegExp, trigger: string | readonly string[], keyOf: KeyOf): Parser {
  if (!pattern.global) throw new Error('tokenParser needs a global regex');
  const triggers = typeof trigger === 'string' ? [trigger] : trigger;
  return memoize((s) => {
    const keys: string[] = [];
    const texts = new Map<string, string>();
    if (!triggers.some((t) => s.includes(t))) return { keys, texts };
    const state: ParseState = { position: 0 };
    let unnamed = 0;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(s); m; m = pattern.exec(s)) {
      if (m[0] === '') {
        pattern.lastIndex++;
        continue;
      }
      const token = keyOf(m, state);
      if (!token) continue;
      keys.push(token.key);
      if (token.unnamed) unnamed++;
      if (!texts.has(token.key)) texts.set(token.key, m[0]);
    }
    return unnamed ? { keys, texts, unnamed } : { keys, texts };
  });
}

/**
 * printf family: `literals` ("%%") are no placeholders; "%2$s" is keyed by its number, "%(name)s" by
 * its name, "%s" by its position. The key keeps the rest of the directive ("%.2f" ≠ "%f").
 */
export function printfKey(...literals: string[]): KeyOf {
  return (m, state) => {
    if (literals.includes(m[0])) return null;
    const g = m.groups ?? {};
    if (g.name !== undefined) return { key: `(${g.name})${g.spec ?? ''}` };
    if (g.pos !== undefined) return { key: `${g.pos}$${g.spec ?? ''}` };
    state.position++;
    return { key: `${state.position}$${g.spec ?? ''}`, unnamed: true };
  };
}

/** Objective-C: C's directives plus "%@" (an object) and the stringsdict token "%#@name@". */
export const objcParser = tokenParser(
  /%%|%(?:(?<pos>[1-9]\d*)\$)?(?:#@(?<name>[^@\s]{1,100})@|(?<spec>[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|ll|h|l|z|t|j|q|L)?[diouxXeEfFgGaAcCsSpn@]))/g,
  '%',
  printfKey('%%'),
);

/** Lua string.format: no argument numbers; %q quotes a string. */
export const luaParser = tokenParser(/%%|%(?<spec>[-+ #0]*\d*(?:\.\d+)?[diucxXoeEfgGqsaA])/g, '%', printfKey('%%'));

/**
 * Object Pascal Format(): "%s", "%0:s" (zero-based index), width and precision as numbers or "*".
 * An index sets the argument of the directives after it too ("%1:s %s" reads arguments 1 and 2),
 * so every directive is keyed by the argument it reads.
 */
export const pascalParser = tokenParser(
  /%%|%(?:(?<index>\*|\d{1,4}):)?(?<spec>-?(?:\*|\d+)?(?:\.(?:\*|\d+))?[defgmnpsuxDEFGMNPSUX])/g,
  '%',
  (m, state) => {
    if (m[0] === '%%') return null;
    const g = m.groups!;
    const spec = g.spec!.toLowerCase();
    if (g.index === '*') return { key: `*:${spec}` };
    if (g.index !== undefined) {
      state.position = Number(g.index) + 1;
      return { key: `${g.index}:${spec}` };
    }
    const key = `${state.position}:${spec}`;
    state.position++;
    return { key, unnamed: true };
  },
);

/**
 * Scheme (SRFI-28, Guile, Chicken) "~a", "~s", "~d", with parameters and "~1@*~a" argument jumps
 * (zero-based, so "~1@*~a" reads the second argument); "~~" is a tilde.
 */
export const schemeParser = tokenParser(
  /~~|~(?:(?<pos>\d{1,4})@\*~)?(?<spec>(?:[+-]?\d+|'.|[vV#])?(?:,(?:[+-]?\d+|'.|[vV#])?)*:?@?[a-zA-Z%$?&_/|![\]()])/g,
  '~',
  (m, state) => {
    if (m[0] === '~~') return null;
    const g = m.groups!;
    if (g.pos !== undefined) return { key: `${Number(g.pos) + 1}$${g.spec}` };
    state.position++;
    return { key: `${state.position}$${g.spec}`, unnamed: true };
  },
);

/** C# String.Format "{0}", "{0,-10}", "{1:N2}"; "{{" and "}}" are literal braces. Keyed by the field as written. */
export const cSharpParser = tokenParser(/\{\{|\}\}|\{(?<arg>\d{1,4})(?<rest>\s*,\s*-?\d{1,5})?(?<fmt>:[^{}]*)?\}/g, '{', (m) => {
  if (m[0] === '{{' || m[0] === '}}') return null;
  const g = m.groups!;
  return { key: `{${g.arg}${(g.rest ?? '').replace(/\s+/g, '')}${g.fmt ?? ''}}` };
});

/** Perl brace format (libintl-perl __x): "{name}". */
export const perlBraceParser = tokenParser(/\{(?<name>[A-Za-z0-9_]+)\}/g, '{', (m) => ({ key: `{${m.groups!.name}}` }));

/** Laravel ":name" replacements. */
export const laravelParser = tokenParser(/:[A-Za-z][A-Za-z0-9_]*/g, ':', (m) => ({ key: m[0] }));

/** ECMAScript template literals "${name}"; whitespace inside does not matter. */
export const esTemplateParser = tokenParser(/\$\{(?<expr>[^{}]+)\}/g, '${', (m) => {
  const expr = m.groups!.expr!.replace(/\s+/g, '');
  return expr ? { key: `\${${expr}}` } : null;
});

/** "%name%" placeholders (Windows installers, many PHP and game engines). */
export const percentParser = tokenParser(/%[A-Za-z0-9_]+%/g, '%', (m) => ({ key: m[0] }));

/** Vue I18n: "{name}", Rails-style "%{name}" and linked messages "@:key", "@.lower:key", "@:(key)". */
export const vueParser = tokenParser(/%?\{[^{}]+\}|@(?:\.[a-z]+)?:(?:[\w\-|./]+|\([\w\-:|./]+\))/gi, ['{', '@'], (m) => ({ key: m[0].replace(/\s+/g, '') }));

/** Automattic interpolate-components "{{link}}", "{{/link}}", "{{br/}}". */
export const automatticParser = tokenParser(/\{\{\/?\s*\w+\s*\/?\}\}/g, '{{', (m) => ({ key: m[0].replace(/\s+/g, '') }));

/** Qt plural "%n" and "%Ln" (the count of QObject::tr's n argument). */
export const qtPluralParser = tokenParser(/%L?n/g, '%', (m) => ({ key: m[0] }));

/** AngularJS interpolation "{{ expression }}"; whitespace inside does not matter. */
export const angularParser = tokenParser(/\{\{(?<expr>[^{}]+)\}\}/g, '{{', (m) => {
  const expr = m.groups!.expr!.replace(/\s+/g, '');
  return expr ? { key: `{{${expr}}}` } : null;
});

/**
 * Ruby Kernel#format: printf directives ("%s", "%1$s"), named ones ("%<amount>.2f") and templates
 * ("%{name}", an implicit %s). Named ones are keyed by their name, so they may move freely.
 */
export const rubyParser = tokenParser(
  /%%|%(?:(?<pos>[1-9]\d*)\$)?(?<spec>[-+ #0*]*\d*(?:\.\d+)?[bBdiouxXeEfgGaAcps])|%(?<nflags>[-+ #0*]*\d*(?:\.\d+)?)<(?<name>[^<> ]{1,100})>(?<ntype>[a-zA-Z])|%\{(?<template>[^{} ]{1,100})\}/g,
  '%',
  (m, state) => {
    if (m[0] === '%%') return null;
    const g = m.groups!;
    if (g.template !== undefined) return { key: `{${g.template}}` };
    if (g.name !== undefined) return { key: `<${g.name}>${g.nflags ?? ''}${g.ntype}` };
    if (g.pos !== undefined) return { key: `${g.pos}$${g.spec}` };
    state.position++;
    return { key: `${state.position}$${g.spec}`, unnamed: true };
  },
);
