/**
 * in-app: the club's own pages. external: a web or mail link, handed to the system browser or mail
 * program. blocked: anything else (file:, javascript:, custom schemes), which we never pass to the
 * operating system, since opening such a link can run a local program.
 */
export type NavigationVerdict = 'in-app' | 'external' | 'blocked';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function judgeNavigation(url: string, clubOrigin: string): NavigationVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'blocked';
  }
  if (parsed.origin === new URL(clubOrigin).origin) return 'in-app';
  return EXTERNAL_PROTOCOLS.has(parsed.protocol) ? 'external' : 'blocked';
}

export interface NavigationEvent {
  readonly url: string;
  preventDefault(): void;
}

type OpenExternal = (url: string) => Promise<void>;
type Log = Pick<Console, 'warn'>;

function openOutside(url: string, verdict: NavigationVerdict, openExternal: OpenExternal, log: Log) {
  if (verdict === 'external') {
    openExternal(url).catch((error: unknown) => log.warn(`Could not open ${url} outside the app:`, error));
  } else {
    log.warn(`Refused to open ${url}.`);
  }
}

/** For `will-navigate` and `will-redirect`: the window only ever shows the club's own pages. */
export function navigationGuard(clubOrigin: string, openExternal: OpenExternal, log: Log = console) {
  return function guardNavigation(event: NavigationEvent): void {
    const verdict = judgeNavigation(event.url, clubOrigin);
    if (verdict === 'in-app') return;
    event.preventDefault();
    openOutside(event.url, verdict, openExternal, log);
  };
}

/**
 * For `setWindowOpenHandler`: no second window is ever created. A club link meant for a new tab opens
 * in the one window (a child window would be a second copy of the app to keep secure); others go out.
 */
export function windowOpenGuard(clubOrigin: string, openExternal: OpenExternal, openInApp: (url: string) => void, log: Log = console) {
  return function guardWindowOpen({ url }: { url: string }): { action: 'deny' } {
    const verdict = judgeNavigation(url, clubOrigin);
    if (verdict === 'in-app') openInApp(url);
    else openOutside(url, verdict, openExternal, log);
    return { action: 'deny' };
  };
}
