import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest-only';

/** A task whose answers the test releases by hand, in any order. */
function controllable() {
  const calls: { arg: string; signal: AbortSignal; resolve(value: string): void; reject(error: unknown): void }[] = [];
  const task = (arg: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ arg, signal, resolve, reject }));
  return { calls, task };
}

describe('one search in flight, the newest winning', () => {
  it('answers a run that nothing superseded', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const run = search.run('solaris');
    expect(search.busy).toBe(true);
    calls[0]!.resolve('found');
    await expect(run).resolves.toEqual({ status: 'done', value: 'found' });
    expect(search.busy).toBe(false);
  });

  it('aborts the older search when a newer term comes', () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    void search.run('sol');
    void search.run('sola');
    expect(calls.map((c) => c.arg)).toEqual(['sol', 'sola']);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('ignores a stale answer that arrives after the newer one', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const older = search.run('sol');
    const newer = search.run('solaris');
    calls[1]!.resolve('answer for solaris');
    calls[0]!.resolve('answer for sol');
    await expect(newer).resolves.toEqual({ status: 'done', value: 'answer for solaris' });
    await expect(older).resolves.toEqual({ status: 'superseded' });
  });

  it('ignores a stale answer even when it arrives first', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const older = search.run('sol');
    const newer = search.run('solaris');
    calls[0]!.resolve('answer for sol');
    await expect(older).resolves.toEqual({ status: 'superseded' });
    expect(search.busy).toBe(true);
    calls[1]!.resolve('answer for solaris');
    await expect(newer).resolves.toEqual({ status: 'done', value: 'answer for solaris' });
  });

  it('drops the error of a superseded search (an abort is not a failure)', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const older = search.run('sol');
    void search.run('solaris');
    calls[0]!.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(older).resolves.toEqual({ status: 'superseded' });
  });

  it('passes on the error of the latest search', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const run = search.run('"unclosed');
    calls[0]!.reject(new Error('The search could not be understood'));
    await expect(run).rejects.toThrow('could not be understood');
    expect(search.busy).toBe(false);
  });

  it('cancel (the term fell below 3 characters) aborts the search and ignores its answer', async () => {
    const { calls, task } = controllable();
    const search = latestOnly(task);
    const run = search.run('sol');
    search.cancel();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(search.busy).toBe(false);
    calls[0]!.resolve('late answer');
    await expect(run).resolves.toEqual({ status: 'superseded' });
  });
});
