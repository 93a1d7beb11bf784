// Settings persisted as one JSON file under app.getPath('userData'). The file
// system is a parameter so tests use a real temp folder and nothing else.
import type { Theme } from '../shared/bridge';
import { DEFAULT_SERVER_URL } from '../shared/bridge';
import { isLoopbackHost } from './navigation';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface StoredSettings {
  serverUrl: string;
  theme: Theme;
  configured: boolean;
  bounds: WindowBounds;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  serverUrl: DEFAULT_SERVER_URL,
  theme: 'light',
  configured: false,
  bounds: { width: 1360, height: 860 },
};

export interface SettingsFs {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, data: string, encoding: 'utf8'): void;
  mkdirSync(path: string, options: { recursive: true }): unknown;
}

/**
 * The origin of a server address, or null: https for any host, plain http
 * only for this computer (localhost, 127.0.0.0/8, ::1), so the back office,
 * its session cookie and the bridge never travel in clear over a network
 * (issue 15). No credentials in the address.
 */
export function normalizeServerUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.username || url.password) return null;
    if (url.protocol === 'https:') return url.origin;
    if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.origin;
    return null;
  } catch {
    return null;
  }
}

function sanitize(raw: unknown): StoredSettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<StoredSettings>;
  const serverUrl = typeof s.serverUrl === 'string' ? normalizeServerUrl(s.serverUrl) : null;
  const b = s.bounds;
  const bounds: WindowBounds =
    b && Number.isFinite(b.width) && Number.isFinite(b.height) && b.width >= 400 && b.height >= 300
      ? {
          width: b.width,
          height: b.height,
          ...(Number.isFinite(b.x) ? { x: b.x } : {}),
          ...(Number.isFinite(b.y) ? { y: b.y } : {}),
        }
      : DEFAULT_SETTINGS.bounds;
  return {
    serverUrl: serverUrl ?? DEFAULT_SETTINGS.serverUrl,
    theme: s.theme === 'dark' ? 'dark' : 'light',
    configured: s.configured === true && serverUrl !== null,
    bounds,
  };
}

export class SettingsStore {
  private current: StoredSettings;

  constructor(
    private readonly file: string,
    private readonly fs: SettingsFs,
    private readonly dir: string,
  ) {
    this.current = this.load();
  }

  private load(): StoredSettings {
    try {
      return sanitize(JSON.parse(this.fs.readFileSync(this.file, 'utf8')));
    } catch {
      // Missing or unreadable file: start from defaults (first run).
      return { ...DEFAULT_SETTINGS };
    }
  }

  get(): StoredSettings {
    return { ...this.current, bounds: { ...this.current.bounds } };
  }

  update(patch: Partial<StoredSettings>): StoredSettings {
    const next = { ...this.current, ...patch };
    if (patch.serverUrl !== undefined) {
      const url = normalizeServerUrl(patch.serverUrl);
      if (!url)
        throw new Error(`Not an https address (or http on this computer): ${patch.serverUrl}`);
      next.serverUrl = url;
      next.configured = true;
    }
    this.current = sanitize(next);
    if (patch.serverUrl !== undefined) this.current.configured = true;
    this.fs.mkdirSync(this.dir, { recursive: true });
    this.fs.writeFileSync(this.file, JSON.stringify(this.current, null, 2), 'utf8');
    return this.get();
  }
}
