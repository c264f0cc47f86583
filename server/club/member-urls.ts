import os from 'node:os';

/** Addresses members can type: localhost, and every IPv4 LAN address when listening on all interfaces. */
export function memberUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}
