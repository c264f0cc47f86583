import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Poll } from '../../../shared/api/poll';
import { optionRows, rankedRounds, roomPollPhase, votedCount, winnerTitle, type RoomOptionRow } from './room-poll';

/**
 * The poll in the room: while it is open, its options and how many have voted (the counts stay hidden, as
 * they do from a member who has not voted); once a moderator reveals them or the poll closes, a bar per
 * option, and for a ranked poll each round of the count with who was eliminated, then the winner.
 */
export function RoomPoll({ poll, revealed }: { poll: Poll; revealed: boolean }) {
  const { t } = useTranslation('meetingNight');
  const phase = roomPollPhase(poll, revealed);
  const { voted, total } = votedCount(poll);
  const rounds = phase === 'hidden' ? [] : rankedRounds(poll);
  const winner = phase === 'closed' ? winnerTitle(poll) : null;

  return (
    <section className="room-poll" aria-labelledby="room-poll-title" data-testid="room-poll" data-phase={phase} data-poll-id={poll.pollId}>
      <h2 className="room-label" id="room-poll-title">
        {phase === 'closed' ? t('poll.closed') : t('poll.open')}
        {poll.votingMethod === 'ranked' && <span className="room-badge">{t('poll.ranked')}</span>}
      </h2>
      <p className="room-poll-title">{poll.title}</p>
      <div className="room-voted">
        <p data-testid="room-voted">{t('poll.voted', { count: voted, total })}</p>
        <div
          className="room-meter"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={voted}
          aria-label={t('poll.votedLabel')}
          aria-valuetext={t('poll.voted', { count: voted, total })}
        >
          <div className="room-meter-fill" style={{ width: `${total ? (100 * voted) / total : 0}%` }} />
        </div>
      </div>
      {phase === 'hidden' && (
        <ul className="room-options" data-testid="room-options">
          {poll.options.map((post) => (
            <li key={post.postId} className="room-option">
              <span className="room-option-title">{post.title}</span>
              {post.author && <span className="room-option-author">{post.author}</span>}
            </li>
          ))}
        </ul>
      )}
      {phase !== 'hidden' && rounds.length > 1 && (
        <ol className="room-rounds" data-testid="room-rounds">
          {rounds.map((round) => (
            <li key={round.number} className="room-round" data-testid="room-round">
              <h3 className="room-round-title">{t('poll.round', { number: round.number })}</h3>
              <Bars rows={round.rows} />
              <p className="room-muted room-round-out">
                {round.eliminated.length > 0 ? t('poll.eliminated', { titles: round.eliminated.join(', ') }) : t('poll.lastRound')}
              </p>
            </li>
          ))}
        </ol>
      )}
      {phase !== 'hidden' && rounds.length <= 1 && <Bars rows={optionRows(poll)} />}
      {phase === 'closed' && (
        <p className="room-winner" data-testid="room-winner">
          {winner ? (
            <>
              <IconTrophy aria-hidden className="room-icon" />
              {t('poll.winner', { title: winner })}
            </>
          ) : (
            t('poll.noWinner')
          )}
        </p>
      )}
    </section>
  );
}

function Bars({ rows }: { rows: RoomOptionRow[] }) {
  const { t } = useTranslation('meetingNight');
  return (
    <ul className="room-bars">
      {rows.map((row) => (
        <li key={row.postId} className="room-bar" data-testid="room-bar" data-winner={row.isWinner || undefined} data-eliminated={row.eliminated || undefined}>
          <div className="room-bar-head">
            <span className="room-option-title">
              {row.isWinner && <IconTrophy aria-label={t('poll.winnerMark')} className="room-icon" />}
              {row.title}
            </span>
            <span className="room-bar-count">
              {t('poll.votes', { count: row.votes })} · {row.percentage} %
            </span>
          </div>
          <div className="room-bar-track" aria-hidden>
            <div className="room-bar-fill" style={{ width: `${row.percentage}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
