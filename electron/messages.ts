import type { ServerConfig } from '../server/settings';

/** What the main process tells the server's utility process. */
export type MainMessage =
  /** `portAttempts` ports from `config.port` upward are tried before giving up. */
  | { type: 'start'; config: ServerConfig; portAttempts: number }
  | { type: 'close' };

/** What the server's utility process answers. */
export type ServerMessage =
  | { type: 'started'; port: number; urls: string[] }
  /** `message` is shown to the user as is, so it must be a readable sentence. */
  | { type: 'failed'; message: string }
  | { type: 'closed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535;
}

// Both ends are ours, but they are built and loaded separately; checking the shape turns a drift between
// them into a clear log line instead of a hang or a crash on an undefined field.

export function parseServerMessage(value: unknown): ServerMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'started':
      return isPort(value.port) && Array.isArray(value.urls) && value.urls.every((url) => typeof url === 'string')
        ? { type: 'started', port: value.port, urls: value.urls as string[] }
        : null;
    case 'failed':
      return typeof value.message === 'string' ? { type: 'failed', message: value.message } : null;
    case 'closed':
      return { type: 'closed' };
    default:
      return null;
  }
}

export function parseMainMessage(value: unknown): MainMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'start': {
      const { config, portAttempts } = value;
      const valid =
        isRecord(config) &&
        typeof config.dataDir === 'string' &&
        typeof config.host === 'string' &&
        isPort(config.port) &&
        typeof portAttempts === 'number' &&
        Number.isInteger(portAttempts) &&
        portAttempts >= 1;
      return valid ? { type: 'start', config: config as unknown as ServerConfig, portAttempts } : null;
    }
    case 'close':
      return { type: 'close' };
    default:
      return null;
  }
}
