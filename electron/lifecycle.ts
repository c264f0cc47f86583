export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** Brings the window back when the app is launched a second time, wherever the user had put it. */
export function focusWindow(window: FocusableWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * A `before-quit` handler that holds the quit until the server has closed its database, then quits for
 * real. Quitting again while the server closes changes nothing; the second quit passes through.
 */
export function quitGuard(stopServer: () => Promise<unknown>, quit: () => void, log: Pick<Console, 'error'> = console) {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  return function guardQuit(event: { preventDefault(): void }): void {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    stopServer()
      .catch((error: unknown) => log.error('Stopping the club server failed:', error))
      .finally(() => {
        state = 'stopped';
        quit();
      });
  };
}
