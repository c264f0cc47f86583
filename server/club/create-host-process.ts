import type { Hub } from '../realtime/hub';
import type { ClubSlot } from './club-slot';
import type { HostProcess } from './host-process';
import { MaintenanceLock } from './maintenance-lock';

/**
 * What the server process gives the host's console, made: the
 * process outlives the club in its slot, so its start time, addresses and live connections, the one-at-a-time
 * lock of backups and restores, and the restore that swaps the club in the slot.
 */
export function createHostProcess(parts: { startedAt: Date; urls: () => string[]; hub: Hub; scratchDir: string; slot: ClubSlot }): HostProcess {
  const lock = new MaintenanceLock();
  return {
    startedAt: parts.startedAt,
    urls: parts.urls,
    membersOnline: () => parts.hub.onlineCount(),
    scratchDir: parts.scratchDir,
    exclusive: (kind, work) => lock.exclusive(kind, work),
    replaceClub(staged, at) {
      const { keptAs, swapped } = parts.slot.scheduleRestore(staged, at);
      // The restore stays under way (no backup, no second restore) until the club it brought is open.
      lock.holdUntil(swapped);
      return { keptAs };
    },
  };
}
