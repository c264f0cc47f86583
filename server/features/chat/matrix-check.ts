import { Invalid } from '../../http/errors';
import { matrixUrl, reasonOf, type MatrixTarget } from './chat-outbox';
import { sendToReceiver, type ReceiverAnswer } from './chat-request';
import { clubEndpoints } from './receiver-addresses';

/** An admin waits for these checks: they get less than a delivery does. */
const CHECK_WITHIN_MS = 5_000;

/**
 * Before a room is saved, the homeserver is asked what a delivery would meet: whose the token is
 * (GET /account/whoami) and whether that account has joined the room (its m.room.member state: a small
 * answer, where /joined_rooms lists every room of a busy bot). Anything wrong is a 400 on the field to mend,
 * in the homeserver's own words where it gave some.
 */
export async function checkMatrixRoom(target: MatrixTarget, options: { timeoutMs: number; clubAddresses: string[] }): Promise<void> {
  const ask = async (path: string, field: string): Promise<ReceiverAnswer> => {
    try {
      return await sendToReceiver({
        url: matrixUrl(target.homeserver, path),
        method: 'GET',
        headers: { Authorization: `Bearer ${target.accessToken}`, Accept: 'application/json' },
        timeoutMs: Math.min(options.timeoutMs, CHECK_WITHIN_MS),
        club: clubEndpoints(options.clubAddresses),
      });
    } catch (error) {
      throw refused('matrixUnreachable', field, (error as Error).message);
    }
  };
  const reason = (answer: ReceiverAnswer) => [`HTTP ${answer.status}`, reasonOf(answer.text, [target.accessToken])].filter(Boolean).join(' ');

  const whoami = await ask('/account/whoami', 'homeserver');
  if (whoami.status === 401 || whoami.status === 403) throw refused('matrixTokenRefused', 'accessToken', reason(whoami));
  const userId = json(whoami.text)?.user_id;
  if (whoami.status !== 200 || typeof userId !== 'string') throw refused('matrixUnreachable', 'homeserver', reason(whoami));

  const member = await ask(`/rooms/${encodeURIComponent(target.roomId)}/state/m.room.member/${encodeURIComponent(userId)}`, 'roomId');
  const membership = json(member.text)?.membership;
  if (member.status !== 200 || membership !== 'join') {
    throw new Invalid(
      'matrixNotJoined',
      { user: userId, room: target.roomId, reason: member.status === 200 ? String(membership) : reason(member) },
      { roomId: ['validation:matrixNotJoined'] },
    );
  }
}

function refused(key: string, field: string, reason: string): Invalid {
  return new Invalid(key, { reason }, { [field]: [`validation:${key}`] });
}

function json(text: string | null): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
