// A small ICU MessageFormat parser that lists a message's arguments and reports syntax errors (for icu_message_format).

export interface IcuArgument {
  name: string;
  /** '' for {name}, else number, date, time, plural, select, selectordinal, spellout, ... */
  type: string;
}

export interface IcuParse {
  arguments: IcuArgument[];
  error?: string;
}

/** Nesting limit, so a hostile string cannot exhaust the stack. */
const MAX_DEPTH = 50;
const PLURAL_TYPES = new Set(['plural', 'selectordinal']);
const WHITESPACE = /\s/;
const NAME_END = /[\s{},#'|]/;
const DIGIT = /\d/;
const PLURAL_SELECTOR = /^(=\d+(\.\d+)?|zero|one|two|few|many|other)$/;

class IcuError extends Error {}

/**
 * Parses `message`. Quoting follows ICU's default (DOUBLE_OPTIONAL) mode: "''" is one apostrophe,
 * an apostrophe quotes up to the next one only when it precedes a syntax character ({, }, #
 * inside plural, |), and any other apostrophe is literal, so "l'application" needs no escaping.
 */
export function parseIcu(message: string): IcuParse {
  const args: IcuArgument[] = [];
  let i = 0;
  const n = message.length;

  const skipWs = (): void => {
    while (i < n && WHITESPACE.test(message[i]!)) i++;
  };
  const readName = (): string => {
    const start = i;
    while (i < n && !NAME_END.test(message[i]!)) i++;
    return message.slice(start, i);
  };

  // Reads text and arguments until an unmatched '}' (returned to the caller) or the end.
  const parseMessage = (depth: number, inPlural: boolean): void => {
    if (depth > MAX_DEPTH) throw new IcuError('Message is nested too deeply');
    while (i < n) {
      const c = message[i]!;
      if (c === "'") {
        const next = message[i + 1];
        if (next === "'") {
          i += 2;
        } else if (next === '{' || next === '}' || next === '|' || (inPlural && next === '#')) {
          const close = message.indexOf("'", i + 1);
          // An unterminated quote runs to the end of the message in ICU; that silently eats syntax.
          if (close < 0) throw new IcuError('Unterminated quoted literal');
          i = close + 1;
          // "''" inside a quoted literal is an apostrophe and continues the literal.
          while (message[i] === "'" && message[i + 1] !== undefined) {
            const again = message.indexOf("'", i + 1);
            if (again < 0) throw new IcuError('Unterminated quoted literal');
            i = again + 1;
          }
        } else {
          i++;
        }
      } else if (c === '{') {
        i++;
        parseArgument(depth + 1);
      } else if (c === '}') {
        return;
      } else {
        i++;
      }
    }
  };

  const parseArgument = (depth: number): void => {
    skipWs();
    const name = readName();
    if (!name) throw new IcuError(`Expected an argument name at position ${i}`);
    skipWs();
    if (message[i] === '}') {
      i++;
      args.push({ name, type: '' });
      return;
    }
    if (message[i] !== ',') throw new IcuError(`Expected "," or "}" after argument ${name}`);
    i++;
    skipWs();
    const type = readName();
    if (!type) throw new IcuError(`Expected an argument type for ${name}`);
    args.push({ name, type });
    skipWs();
    if (message[i] === '}') {
      if (type === 'plural' || type === 'select' || type === 'selectordinal') {
        throw new IcuError(`${type} argument ${name} has no cases`);
      }
      i++;
      return;
    }
    if (message[i] !== ',') throw new IcuError(`Expected "," or "}" after type of ${name}`);
    i++;
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      parseCases(name, type, depth);
    } else {
      // Style text such as "::currency/EUR" or "short": balanced braces up to the closing one.
      let level = 0;
      while (i < n) {
        const c = message[i]!;
        if (c === '{') level++;
        else if (c === '}') {
          if (level === 0) break;
          level--;
        }
        i++;
      }
      if (i >= n) throw new IcuError(`Unclosed argument ${name}`);
      i++;
    }
  };

  const parseCases = (name: string, type: string, depth: number): void => {
    skipWs();
    if (PLURAL_TYPES.has(type) && message.startsWith('offset:', i)) {
      i += 7;
      skipWs();
      const start = i;
      while (i < n && DIGIT.test(message[i]!)) i++;
      if (start === i) throw new IcuError(`Invalid offset in ${name}`);
    }
    let hasOther = false;
    let count = 0;
    for (;;) {
      skipWs();
      if (i >= n) throw new IcuError(`Unclosed ${type} argument ${name}`);
      if (message[i] === '}') {
        i++;
        break;
      }
      const selector = readName();
      if (!selector) throw new IcuError(`Expected a ${type} selector in ${name}`);
      if (PLURAL_TYPES.has(type) && !PLURAL_SELECTOR.test(selector)) {
        throw new IcuError(`Invalid ${type} selector "${selector}" in ${name}`);
      }
      if (selector === 'other') hasOther = true;
      skipWs();
      if (message[i] !== '{') throw new IcuError(`Expected "{" after selector ${selector} in ${name}`);
      i++;
      parseMessage(depth + 1, PLURAL_TYPES.has(type));
      if (message[i] !== '}') throw new IcuError(`Unclosed case ${selector} in ${name}`);
      i++;
      count++;
    }
    if (count === 0) throw new IcuError(`${type} argument ${name} has no cases`);
    if (!hasOther) throw new IcuError(`${type} argument ${name} is missing the "other" case`);
  };

  try {
    parseMessage(0, false);
    if (i < n) throw new IcuError(`Unmatched "}" at position ${i}`);
    return { arguments: args };
  } catch (e) {
    if (e instanceof IcuError) return { arguments: args, error: e.message };
    throw e;
  }
}
