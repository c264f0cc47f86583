// The page is a plain web client of the club server; it gets no Node or Electron powers, only a flag to
// tell it runs in the desktop app. Bundled as CommonJS, which a sandboxed preload requires.
import { contextBridge } from 'electron';

/** What `window.bookclubDesktop` holds in the desktop app (it is undefined in a browser). */
export interface BookclubDesktop {
  readonly isDesktop: true;
}

const desktop: BookclubDesktop = Object.freeze({ isDesktop: true });

contextBridge.exposeInMainWorld('bookclubDesktop', desktop);
