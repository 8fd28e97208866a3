// Unit tests of Accept header negotiation between JSON, the browsable HTML page and CSV, and of explicit media-type matches.
import { describe, expect, it } from 'vitest';
import { explicitlyAccepts, negotiate } from './negotiation.js';

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
  it('serves CSV to clients that name text/csv, never through a wildcard', () => {
    expect(negotiate('text/csv')).toBe('csv');
    expect(negotiate('text/csv, application/json;q=0.5')).toBe('csv');
    expect(negotiate('application/json, text/csv')).toBe('json');
    expect(negotiate('text/*')).toBe('html');
    expect(negotiate('text/csv;q=0')).toBeNull();
  });
  it('refuses what it cannot produce', () => {
    expect(negotiate('application/xml')).toBeNull();
    expect(negotiate('application/json;q=0')).toBeNull();
  });
});

describe('explicitlyAccepts', () => {
  it('matches only the named type with a non-zero quality, never a wildcard', () => {
    expect(explicitlyAccepts('application/vnd.oai.openapi+json', 'application/vnd.oai.openapi+json')).toBe(true);
    expect(explicitlyAccepts('text/html, application/vnd.oai.openapi+json;q=0.5', 'application/vnd.oai.openapi+json')).toBe(true);
    expect(explicitlyAccepts('*/*', 'application/vnd.oai.openapi+json')).toBe(false);
    expect(explicitlyAccepts('application/*', 'application/vnd.oai.openapi+json')).toBe(false);
    expect(explicitlyAccepts('application/vnd.oai.openapi+json;q=0', 'application/vnd.oai.openapi+json')).toBe(false);
    expect(explicitlyAccepts(undefined, 'application/vnd.oai.openapi+json')).toBe(false);
  });
});
