/** Every port from the first one tried was taken by another program. */
export class PortsBusyError extends Error {
  constructor(first: number, last: number) {
    super(first === last ? `Port ${first} is in use by another program.` : `Ports ${first} to ${last} are all in use by other programs.`);
    this.name = 'PortsBusyError';
  }
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/**
 * Starts something on `firstPort`, or on the next port up while the one tried is taken.
 *
 * We try to listen rather than probe for a free port first: a probe and the real listen race against
 * other programs, while a failed listen is the authoritative answer. Any error other than "address in
 * use" is not about the port and is rethrown at once.
 */
export async function startOnFreePort<T>(start: (port: number) => Promise<T>, firstPort: number, attempts: number): Promise<T> {
  // Port 0 lets the system pick, so it never collides; there is nothing to walk past 65535.
  const last = firstPort === 0 ? 0 : Math.min(firstPort + Math.max(attempts, 1) - 1, 65535);
  for (let port = firstPort; port <= last; port++) {
    try {
      return await start(port);
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
    }
  }
  throw new PortsBusyError(firstPort, last);
}
