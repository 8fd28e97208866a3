import { describe, expect, it } from 'vitest';
import { failing, failingIds } from './test-support.js';

describe('max-length', () => {
  it('counts code points against max-length:N', () => {
    expect(failing('max-length', 'Save', 'Uložit', 'cs', 'max-length:6')).toBe(false);
    expect(failing('max-length', 'Save', 'Speichern', 'de', 'max-length:6')).toMatch(/9 characters.*6/);
    // Emoji are one character each, not two UTF-16 units.
    expect(failing('max-length', 'Hi', '😀😀😀', 'ja', 'max-length:3')).toBe(false);
  });
  it('expands replacements: before measuring and runs only with the flag', () => {
    expect(failing('max-length', 'Hi %s', 'Ahoj %s', 'cs', 'max-length:10, replacements:%s:"John Doe"')).toBeTruthy();
    expect(failingIds('Save', 'Speichern', 'de')).not.toContain('max-length');
    expect(failingIds('Save', 'Speichern', 'de', 'max-length:6')).toContain('max-length');
  });
});

describe('newline-count and escaped_newline', () => {
  it('newline-count', () => {
    expect(failing('newline-count', 'Line 1\nLine 2', 'Řádek 1\nŘádek 2')).toBe(false);
    expect(failing('newline-count', 'Line 1\nLine 2', 'Zeile 1 Zeile 2', 'de')).toMatch(/\(0\).*\(1\)/);
  });
  it('escaped_newline counts literal backslash-n', () => {
    expect(failing('escaped_newline', 'Line 1\\nLine 2', 'Ligne 1\\nLigne 2', 'fr')).toBe(false);
    expect(failing('escaped_newline', 'Line 1\\nLine 2', 'Строка 1 Строка 2', 'ru')).toBeTruthy();
  });
});

describe('zero-width-space', () => {
  it('fails on an added U+200B except in languages that use it', () => {
    expect(failing('zero-width-space', 'Settings', 'Nastavení')).toBe(false);
    expect(failing('zero-width-space', 'Settings', 'Einstel\u200blungen', 'de')).toBeTruthy();
    expect(failing('zero-width-space', 'Settings', 'ការ\u200bកំណត់', 'km')).toBe(false);
    expect(failing('zero-width-space', 'A\u200bB', 'A\u200bB', 'fr')).toBe(false);
  });
});

describe('double_space', () => {
  it('fails only when the source has no double space', () => {
    expect(failing('double_space', 'Hello world', 'Ahoj  světe')).toBeTruthy();
    expect(failing('double_space', 'Name:  value', 'Name:  Wert', 'de')).toBe(false);
    expect(failing('double_space', 'Hello world', 'Bonjour le monde', 'fr')).toBe(false);
  });
});

describe('max-lines', () => {
  it('fails when a form has more lines than the flag allows', () => {
    expect(failing('max-lines', 'One\nTwo', 'Jedna\nDvě', 'cs', 'max-lines:2')).toBe(false);
    expect(failing('max-lines', 'One\nTwo', 'Eins\nZwei\nDrei', 'de', 'max-lines:2')).toMatch(/more than 2 lines/);
    expect(failing('max-lines', 'Line', 'Ligne\nsuite', 'fr', 'max-lines:1')).toMatch(/more than 1 line$/);
    expect(failing('max-lines', 'Line %s', 'Ligne %s', 'fr', 'max-lines:1, replacements:%s:"a\nb"')).toBeTruthy();
    expect(failing('max-lines', 'Line', 'سطر', 'ar', 'max-lines:x')).toBe(false);
  });
  it('runs only with the flag', () => {
    expect(failingIds('Line', 'Řádek\nnavíc', 'cs', 'ignore-newline-count')).toEqual([]);
    expect(failingIds('Line', 'Řádek\nnavíc', 'cs', 'max-lines:1, ignore-newline-count')).toEqual(['max-lines']);
  });
});
