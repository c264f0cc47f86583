/**
 * The addresses other computers can use, of those a server reports: localhost and the other loopback
 * addresses reach only the host's own computer. The host page and the desktop menu list these.
 */
export function otherComputersAddresses(urls: readonly string[]): string[] {
  return urls.filter((url) => {
    const host = new URL(url).hostname;
    return host !== 'localhost' && !host.startsWith('127.') && host !== '[::1]';
  });
}
