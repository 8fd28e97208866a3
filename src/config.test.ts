// Configuration parsing: PARLA_READ_CACHE.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('PARLA_READ_CACHE', () => {
  it('defaults to auto and takes auto, on and off in any case; anything else is refused at start', () => {
    expect(loadConfig({}).readCache).toBe('auto');
    expect(loadConfig({ PARLA_READ_CACHE: 'ON' }).readCache).toBe('on');
    expect(loadConfig({ PARLA_READ_CACHE: 'off' }).readCache).toBe('off');
    expect(() => loadConfig({ PARLA_READ_CACHE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLA_READ_CACHE: 'yes' })).toThrow('PARLA_READ_CACHE: expected auto, on or off, got "yes"');
  });
});
