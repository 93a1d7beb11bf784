import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normalizeServerUrl, SettingsStore } from './settings';

const fs = { readFileSync, writeFileSync, mkdirSync };
const fresh = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'bakery-settings-')), 'userData');
  return { dir, file: join(dir, 'settings.json') };
};

describe('SettingsStore', () => {
  it('starts from the defaults on first run (no file yet)', () => {
    const { dir, file } = fresh();
    const s = new SettingsStore(file, fs, dir).get();
    expect(s.serverUrl).toBe('http://localhost:3000');
    expect(s.theme).toBe('light');
    expect(s.configured).toBe(false);
    expect(s.bounds).toEqual(DEFAULT_SETTINGS.bounds);
  });

  it('saves server, theme and window bounds to JSON and reads them back', () => {
    const { dir, file } = fresh();
    const store = new SettingsStore(file, fs, dir);
    store.update({ serverUrl: 'https://shop.example.com/admin/dashboard', theme: 'dark' });
    store.update({ bounds: { x: 10, y: 20, width: 1200, height: 800 } });
    const onDisk = JSON.parse(readFileSync(file, 'utf8'));
    expect(onDisk).toMatchObject({
      serverUrl: 'https://shop.example.com',
      theme: 'dark',
      configured: true,
    });
    const again = new SettingsStore(file, fs, dir).get();
    expect(again).toEqual({
      serverUrl: 'https://shop.example.com',
      theme: 'dark',
      configured: true,
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
    });
  });

  it('refuses a non-http server address and keeps the old one', () => {
    const { dir, file } = fresh();
    const store = new SettingsStore(file, fs, dir);
    expect(() => store.update({ serverUrl: 'file:///etc/passwd' })).toThrow(/http/);
    expect(store.get().serverUrl).toBe('http://localhost:3000');
  });

  it('falls back to defaults for a corrupt file or absurd bounds', () => {
    const { dir, file } = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, '{not json', 'utf8');
    expect(new SettingsStore(file, fs, dir).get().serverUrl).toBe('http://localhost:3000');
    writeFileSync(
      file,
      JSON.stringify({
        serverUrl: 'javascript:alert(1)',
        theme: 'neon',
        bounds: { width: 5, height: 5 },
      }),
      'utf8',
    );
    const s = new SettingsStore(file, fs, dir).get();
    expect(s).toMatchObject({
      serverUrl: 'http://localhost:3000',
      theme: 'light',
      configured: false,
      bounds: DEFAULT_SETTINGS.bounds,
    });
  });

  it('normalizes addresses to their origin', () => {
    expect(normalizeServerUrl(' https://10.0.0.5:3000/admin ')).toBe('https://10.0.0.5:3000');
    expect(normalizeServerUrl('localhost:3000')).toBeNull();
  });

  // Issue 15, finding 8: http:// was accepted for any host (cookie and admin pages in clear).
  it('takes https for any host, plain http only for this computer', () => {
    expect(normalizeServerUrl('https://bakery.example')).toBe('https://bakery.example');
    expect(normalizeServerUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeServerUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(normalizeServerUrl('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(normalizeServerUrl('http://10.0.0.5:3000')).toBeNull();
    expect(normalizeServerUrl('http://bakery.example')).toBeNull();
    expect(normalizeServerUrl('http://localhost.evil.example')).toBeNull();
    expect(normalizeServerUrl('https://user:pass@bakery.example')).toBeNull();
    expect(normalizeServerUrl('file:///etc/passwd')).toBeNull();
  });

  it('forgets a stored plain-http address of another computer (first-run dialog again)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bakery-settings-'));
    const file = join(dir, 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({ serverUrl: 'http://192.168.1.20:3000', configured: true }),
    );
    const s = new SettingsStore(file, { readFileSync, writeFileSync, mkdirSync }, dir).get();
    expect(s).toMatchObject({ serverUrl: 'http://localhost:3000', configured: false });
  });
});
