// Small string helpers that must stay linear on hostile input.

/**
 * Removes trailing slashes. A loop, not /\/+$/: that regex retries from every slash of a slash run that does not end
 * the text, which is quadratic (a 100 kB URL field in a hook payload kept the event loop busy for 20 s).
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
