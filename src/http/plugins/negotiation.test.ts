// Unit tests of Accept header negotiation between JSON and the browsable HTML page.
import { describe, expect, it } from 'vitest';
import { negotiate } from './negotiation.js';

describe('negotiate', () => {
  it('prefers JSON by default and on ties', () => {
    expect(negotiate(undefined)).toBe('json');
    expect(negotiate('*/*')).toBe('json');
    expect(negotiate('application/json')).toBe('json');
    expect(negotiate('application/json, text/html')).toBe('json');
  });
  it('serves HTML to browsers', () => {
    expect(negotiate('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('html');
    expect(negotiate('text/html;q=0.9, application/json;q=0.5')).toBe('html');
  });
  it('refuses what it cannot produce', () => {
    expect(negotiate('application/xml')).toBeNull();
    expect(negotiate('application/json;q=0')).toBeNull();
  });
});
