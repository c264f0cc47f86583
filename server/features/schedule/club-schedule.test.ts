import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../test-support/manual-clock';
import { ClubSchedule, RETRY_AFTER_FAILURE_MS, type ScheduledTask } from './club-schedule';

/** A task whose work is a list of moments, each done once (as a row marked done would be). */
function momentsTask(moments: Date[], done: Date[] = [], fail = () => false): ScheduledTask & { runs: number } {
  const task = {
    name: 'moments',
    runs: 0,
    nextDue: () => moments.filter((moment) => !done.includes(moment)).sort((a, b) => a.getTime() - b.getTime())[0] ?? null,
    async runDue(now: Date) {
      task.runs += 1;
      if (fail()) throw new Error('the work failed');
      for (const moment of moments) if (moment <= now && !done.includes(moment)) done.push(moment);
    },
  };
  return task;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the club schedule', () => {
  it('waits with one timer for the earliest moment, does what is due, then waits for the next', async () => {
    const clock = new ManualClock('2026-12-01T10:00:00Z');
    const done: Date[] = [];
    const [early, late] = [new Date('2026-12-01T11:00:00Z'), new Date('2026-12-01T15:00:00Z')];
    const schedule = new ClubSchedule(clock);
    schedule.add(momentsTask([late, early], done));
    schedule.start();
    await settle();
    expect(clock.pendingTimers).toBe(1);
    clock.set('2026-12-01T10:59:59Z');
    await settle();
    expect(done).toEqual([]);
    clock.set('2026-12-01T11:00:00Z');
    await settle();
    expect(done).toEqual([early]);
    expect(clock.pendingTimers).toBe(1);
    clock.set('2026-12-01T16:00:00Z');
    await settle();
    expect(done).toEqual([early, late]);
    expect(clock.pendingTimers).toBe(0);
    await schedule.stop();
  });

  it('does at once, on start, what fell due before it', async () => {
    const clock = new ManualClock('2026-12-02T00:00:00Z');
    const done: Date[] = [];
    const schedule = new ClubSchedule(clock);
    schedule.add(momentsTask([new Date('2026-12-01T11:00:00Z')], done));
    await settle();
    expect(done).toHaveLength(0);
    schedule.start();
    await vi.waitFor(() => expect(done).toHaveLength(1));
    await schedule.stop();
  });

  it('retries failing work after a pause, never spinning on it, and tells the log', async () => {
    const clock = new ManualClock('2026-12-01T10:00:00Z');
    const log = vi.fn();
    let failing = true;
    const task = momentsTask([new Date('2026-12-01T09:00:00Z')], [], () => failing);
    const schedule = new ClubSchedule(clock, log);
    schedule.add(task);
    schedule.start();
    await settle();
    expect(task.runs).toBe(1);
    expect(log).toHaveBeenCalledWith('scheduled work "moments" failed', expect.any(Error));
    await settle();
    expect(task.runs).toBe(1);
    failing = false;
    clock.advance(RETRY_AFTER_FAILURE_MS);
    await settle();
    expect(task.runs).toBe(2);
    expect(clock.pendingTimers).toBe(0);
    await schedule.stop();
  });

  it('work that does not mark itself done waits a pause too, rather than running again at once', async () => {
    const clock = new ManualClock('2026-12-01T10:00:00Z');
    const stuck: ScheduledTask & { runs: number } = {
      name: 'stuck',
      runs: 0,
      nextDue: () => new Date('2026-12-01T09:00:00Z'),
      runDue: async () => void (stuck.runs += 1),
    };
    const schedule = new ClubSchedule(clock);
    schedule.add(stuck);
    schedule.start();
    await settle();
    expect(stuck.runs).toBe(1);
    clock.advance(RETRY_AFTER_FAILURE_MS);
    await settle();
    expect(stuck.runs).toBe(2);
    await schedule.stop();
  });

  it('once stopped, sets no timer and runs nothing', async () => {
    const clock = new ManualClock('2026-12-01T10:00:00Z');
    const done: Date[] = [];
    const schedule = new ClubSchedule(clock);
    schedule.add(momentsTask([new Date('2026-12-01T11:00:00Z')], done));
    schedule.start();
    await settle();
    await schedule.stop();
    expect(clock.pendingTimers).toBe(0);
    schedule.reschedule();
    clock.advance(5 * 60 * 60 * 1000);
    await settle();
    expect(done).toEqual([]);
  });
});
