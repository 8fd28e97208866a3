// Progress of a long `parla` command on standard error: a bar rewritten in place on a terminal, plain lines in a pipe or a log.

export interface Progress {
  /** `done` of `total` so far; the same count twice prints nothing new. */
  update(done: number, total: number): void;
  /** Ends the bar's line on a terminal (nothing to end in a pipe). */
  end(): void;
}

/** Where progress goes: standard error, or any stream with the same shape (tests). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * `describe(done, total)` says what happened in words ("imported 1000 of 5000 entries"). On a terminal the line is
 * `[#####-----]  50% imported 1000 of 5000 entries`, rewritten with a carriage return; elsewhere each update is
 * its own line, so that a pipe or a log file reads as a list and no control characters reach it.
 */
export function progress(describe: (done: number, total: number) => string, stream: ProgressStream = process.stderr): Progress {
  const tty = stream.isTTY === true;
  let last = '';
  let open = false;
  return {
    update(done, total) {
      const text = describe(done, total);
      if (text === last) return;
      last = text;
      if (!tty) {
        stream.write(`${text}\n`);
        return;
      }
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - text.length - 10));
      const filled = Math.round(share * width);
      const percent = `${Math.round(share * 100)}%`.padStart(4);
      // \r back to the line's start, \x1b[K clears what a longer earlier line left.
      stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent} ${text}\x1b[K`);
      open = true;
    },
    end() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}
