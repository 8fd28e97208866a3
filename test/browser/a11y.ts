// Accessibility probes run inside the page: accessible names of form controls, text contrast, width, focus order.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Visible inputs, textareas, selects and buttons that have no accessible name (described as tag#id). */
export function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const text = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
    const nameOf = (el: HTMLElement): string => {
      const by = el.getAttribute('aria-labelledby');
      if (by) {
        const n = text(by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
        if (n) return n;
      }
      const aria = text(el.getAttribute('aria-label'));
      if (aria) return aria;
      const labels = (el as HTMLInputElement).labels;
      if (labels && labels.length) {
        const n = text([...labels].map((l) => l.textContent).join(' '));
        if (n) return n;
      }
      if (el.tagName === 'BUTTON') return text(el.textContent);
      if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type)) return text(el.value);
      return text(el.getAttribute('title'));
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('input, textarea, select, button')) {
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      if (!visible(el)) continue;
      if (!nameOf(el)) out.push(`${el.tagName.toLowerCase()}#${el.id || '?'}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`);
    }
    return out;
  });
}

/** Visible buttons and links whose aria-label does not contain their visible text (WCAG 2.5.3, label in name). */
export function labelsNotInName(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const norm = (t: string | null | undefined) => (t ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label]')) {
      if (!el.getClientRects().length) continue;
      const visible = norm(el.textContent);
      if (visible && !norm(el.getAttribute('aria-label')).includes(visible)) out.push(`${el.tagName.toLowerCase()}#${el.id}: "${visible}" not in "${el.getAttribute('aria-label')}"`);
    }
    return out;
  });
}

export interface ContrastProblem {
  element: string;
  text: string;
  ratio: number;
  needed: number;
}

/**
 * Every visible element with text of its own (body text, links, buttons, labels, table cells …): the WCAG
 * contrast ratio of its colour against the background actually behind it (ancestors' backgrounds composited
 * over white), checked against AA (4.5, or 3 for large text).
 */
export function contrastProblems(page: Page): Promise<{ checked: number; problems: ContrastProblem[] }> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) throw new Error(`unexpected colour ${c}`);
      const p = m[1]!.split(/[,\s/]+/).filter(Boolean).map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let out: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) out = over(layer, out);
      return out;
    };
    const luminance = (c: Rgba) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
    };
    const problems: { element: string; text: string; ratio: number; needed: number }[] = [];
    let checked = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (!own) continue;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      // Off-screen until focused (the skip link) or not rendered: nothing to read.
      if (!el.getClientRects().length || style.visibility === 'hidden' || rect.right < 0 || rect.bottom < 0) continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      checked++;
      if (ratio < needed) problems.push({ element: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`, text: own.slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed });
    }
    return { checked, problems };
  });
}

/**
 * Whether the page is wider than the window (a horizontal scrollbar), with the widest offender if so, and the
 * tables that only fit by scrolling sideways inside their box (their last columns hidden at first sight).
 */
export function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; widest: string; scrollingTables: string[] }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    let widest = '';
    let right = doc.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > right + 0.5) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} (${Math.round(r.right)}px)`;
      }
    }
    const scrollingTables = [...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth).map((w) => w.querySelector('table')?.id || '?');
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, widest, scrollingTables };
  });
}

/** The element focused after each of `count` presses of Tab, as id, else tag and text. */
export async function focusStops(page: Page, count: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return '(body)';
        return el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim().slice(0, 30)}`;
      }),
    );
  }
  return stops;
}

/** Fails the test when the page has a control without a name, a label missing from a control's name, or text below AA contrast. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await unnamedControls(page), what).toEqual([]);
  expect(await labelsNotInName(page), what).toEqual([]);
  expect((await contrastProblems(page)).problems, what).toEqual([]);
}
