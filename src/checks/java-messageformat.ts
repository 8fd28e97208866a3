// Java MessageFormat ("{0}", "{1,number,#.##}", '' quoting) argument extraction for the java_format check.

export interface JavaMessageFormatParse {
  /** Argument indexes with their format type, e.g. "0" and "1,number". */
  arguments: string[];
  /** An apostrophe opened a quoted section that never closed (it swallows the rest). */
  unterminatedQuote: boolean;
  error?: string;
}

/**
 * In java.text.MessageFormat every single apostrophe starts or ends a quoted section and "''" is
 * a literal apostrophe, so "l'application {0}" hides {0}: translators must write "l''application".
 * Choice styles ("{0,choice,0#no files|1#{0} files}") contain nested patterns; their arguments
 * are collected too.
 */
export function parseJavaMessageFormat(pattern: string): JavaMessageFormatParse {
  const args: string[] = [];
  let unterminatedQuote = false;
  let error: string | undefined;
  let inQuote = false;
  let i = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern[i]!;
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        i += 2;
        continue;
      }
      inQuote = !inQuote;
      i++;
      continue;
    }
    if (inQuote) {
      i++;
      continue;
    }
    if (c === '{') {
      // Find the matching brace; quotes inside the style are honoured by MessageFormat too.
      let level = 1;
      let j = i + 1;
      let quoted = false;
      while (j < n && level > 0) {
        const d = pattern[j]!;
        if (d === "'") quoted = !quoted;
        else if (!quoted && d === '{') level++;
        else if (!quoted && d === '}') level--;
        j++;
      }
      if (level > 0) {
        error = 'Unmatched braces in pattern';
        break;
      }
      const inner = pattern.slice(i + 1, j - 1);
      const comma = inner.indexOf(',');
      const index = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      if (!/^\d+$/.test(index)) {
        error = `Invalid argument index "${index}"`;
        break;
      }
      const rest = comma < 0 ? '' : inner.slice(comma + 1);
      const type = rest.split(',')[0]!.trim();
      args.push(type ? `${index},${type}` : index);
      if (type === 'choice') {
        const nested = parseJavaMessageFormat(rest.slice(rest.indexOf(',') + 1));
        for (const a of nested.arguments) args.push(a);
      }
      i = j;
      continue;
    }
    if (c === '}') {
      error = 'Unmatched braces in pattern';
      break;
    }
    i++;
  }
  if (inQuote) unterminatedQuote = true;
  return error ? { arguments: args, unterminatedQuote, error } : { arguments: args, unterminatedQuote };
}
