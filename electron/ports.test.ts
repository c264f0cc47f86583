import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { PortsBusyError, startOnFreePort } from './ports';

function addressInUse(port: number): Error {
  return Object.assign(new Error(`listen EADDRINUSE: address already in use :::${port}`), { code: 'EADDRINUSE' });
}

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('startOnFreePort', () => {
  it('starts on the first port when it is free', async () => {
    const tried: number[] = [];
    const port = await startOnFreePort(
      async (p) => {
        tried.push(p);
        return p;
      },
      8080,
      10,
    );
    expect(port).toBe(8080);
    expect(tried).toEqual([8080]);
  });

  it('moves up to the next port while the one tried is taken', async () => {
    const busy = new Set([8080, 8081]);
    const tried: number[] = [];
    const port = await startOnFreePort(
      async (p) => {
        tried.push(p);
        if (busy.has(p)) throw addressInUse(p);
        return p;
      },
      8080,
      10,
    );
    expect(port).toBe(8082);
    expect(tried).toEqual([8080, 8081, 8082]);
  });

  it('gives up with a readable error after the allowed attempts', async () => {
    const tried: number[] = [];
    const attempt = startOnFreePort(
      async (p) => {
        tried.push(p);
        throw addressInUse(p);
      },
      8080,
      3,
    );
    await expect(attempt).rejects.toThrow(new PortsBusyError(8080, 8082));
    await expect(attempt).rejects.toThrow('Ports 8080 to 8082 are all in use by other programs.');
    expect(tried).toEqual([8080, 8081, 8082]);
  });

  it('rethrows at once an error that is not about the port', async () => {
    const tried: number[] = [];
    const failure = new Error('the database is locked');
    await expect(
      startOnFreePort(
        async (p) => {
          tried.push(p);
          throw failure;
        },
        8080,
        10,
      ),
    ).rejects.toBe(failure);
    expect(tried).toEqual([8080]);
  });

  it('never walks past the last port', async () => {
    await expect(startOnFreePort(async (p) => Promise.reject(addressInUse(p)), 65534, 10)).rejects.toThrow('Ports 65534 to 65535');
  });

  it('skips a port really taken by another program', async () => {
    const other = await listen(0);
    const taken = (other.address() as net.AddressInfo).port;
    try {
      const ours = await startOnFreePort((p) => listen(p), taken, 20);
      const port = (ours.address() as net.AddressInfo).port;
      await close(ours);
      expect(port).toBeGreaterThan(taken);
    } finally {
      await close(other);
    }
  });
});
