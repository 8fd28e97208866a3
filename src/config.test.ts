// Configuration parsing: PARLA_READ_CACHE, the mail settings.
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

describe('mail settings', () => {
  it('default to the outbox, closed registration and three-day links', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ emailUrl: null, emailFrom: 'Parla <noreply@localhost>', emailRetryDelay: 60, registrationOpen: false, accountLinkAge: 259200 });
    expect(c.emailRateLimit).toEqual({ requests: 10, windowSeconds: 3600 });
  });

  it('take smtp:// and smtps:// URLs only, without repeating a refused one (it may hold a password)', () => {
    expect(loadConfig({ PARLA_EMAIL_URL: 'smtps://u:p@mail.example.com:465' }).emailUrl).toBe('smtps://u:p@mail.example.com:465');
    expect(() => loadConfig({ PARLA_EMAIL_URL: 'http://u:secret@mail.example.com' })).toThrow('PARLA_EMAIL_URL: expected an smtp:// or smtps:// URL, got "http://…"');
    expect(() => loadConfig({ PARLA_EMAIL_URL: 'smtp://u:secret@' })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLA_EMAIL_URL: 'not a url secret' })).not.toThrow(/secret/);
  });

  it('take one From address, with or without a name, on one line', () => {
    expect(loadConfig({ PARLA_EMAIL_FROM: 'Parla <parla@example.com>' }).emailFrom).toBe('Parla <parla@example.com>');
    expect(loadConfig({ PARLA_EMAIL_FROM: 'parla@example.com' }).emailFrom).toBe('parla@example.com');
    expect(() => loadConfig({ PARLA_EMAIL_FROM: 'parla@example.com\r\nBcc: x@example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PARLA_EMAIL_FROM: 'Parla' })).toThrow(ConfigError);
  });
});
