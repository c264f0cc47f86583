import { describe, expect, it } from 'vitest';
import { chatMessage, matrixBody, webhookBody, type ChatSettings } from './chat-messages';

const sk: ChatSettings = { siteName: 'Knižný klub', publicUrl: 'https://klub.example.sk', language: 'sk', timeZone: 'Europe/Bratislava' };
const en: ChatSettings = { ...sk, language: 'en', siteName: 'Book <Club>' };
const letters = { en: { subject: '', text: '', attachments: [] }, sk: { subject: '', text: '', attachments: [] } };
const meeting = { startsAt: '2026-12-03T18:00:00.000Z', endsAt: null, place: 'Kaviareň Lumière', onlineUrl: null, bookTitle: 'Solaris' };

describe('the chat’s messages', () => {
  it('tell a meeting in the club’s language and time zone, linking its page', () => {
    const message = chatMessage({ kind: 'meetingScheduled', meetingId: 7, letters, actorId: 'a', meeting }, sk)!;
    expect(message).toMatchObject({ event: 'meetingScheduled', link: 'https://klub.example.sk/stretnutia/7' });
    expect(message.line).toBe('📅 Stretneme sa vo štvrtok 3. decembra 2026 o 19:00 – Kaviareň Lumière.');
    expect(
      chatMessage(
        { kind: 'meetingCancelled', meetingId: 7, letters, actorId: 'a', meeting: { ...meeting, place: null, onlineUrl: 'https://meet.example' } },
        en,
      )!.line,
    ).toBe('❌ The meeting on Thursday, December 3, 2026 at 7:00 PM is cancelled.');
  });

  it('leave out what only newsletters carry, and a tiebreaker opening (its poll’s close says it)', () => {
    expect(chatMessage({ kind: 'suggestionAdded', discussionId: 1, postId: 2, title: 'x', owner: 'Ann', discussion: 'd', actorId: 'a' }, en)).toBeNull();
    expect(chatMessage({ kind: 'pollOpened', pollId: 3, title: 'Tiebreaker', isTiebreaker: true }, en)).toBeNull();
    expect(chatMessage({ kind: 'pollOpened', pollId: 3, title: 'Spring: vote', isTiebreaker: false }, en)!.event).toBe('discussionClosed');
    expect(chatMessage({ kind: 'pollClosed', pollId: 3, title: 'Spring: vote', winner: null, tied: true }, sk)!.line).toBe(
      '⚖️ Hlasovanie „Spring: vote“ sa skončilo nerozhodne: otvorilo sa rozhodujúce hlasovanie.',
    );
  });

  it('tell a date poll opening, linking the meetings page where it is answered, without the grid or who opened it', () => {
    const opened = chatMessage(
      { kind: 'datePollOpened', datePollId: 5, title: '@everyone [x](https://evil.example)', closesAt: null, optionCount: 3, letters, actorId: 'user-id-1' },
      en,
    )!;
    expect(opened).toMatchObject({ event: 'datePollOpened', link: 'https://klub.example.sk/stretnutia?datePoll=5' });
    expect(opened.line).toBe('🗓️ When shall we meet? “@everyone [x](https://evil.example)” offers 3 dates: say which suit you.');
    expect(opened.discordLine).not.toContain('[x](');
    expect(opened.data).toEqual({ kind: 'datePollOpened', datePollId: 5, title: '@everyone [x](https://evil.example)', closesAt: null, optionCount: 3 });
    expect(chatMessage({ kind: 'datePollOpened', datePollId: 5, title: 'Jar', closesAt: null, optionCount: 3, letters, actorId: 'a' }, sk)!.line).toBe(
      '🗓️ Kedy sa stretneme? „Jar“ ponúka termíny (3): povedzte, ktoré vám vyhovujú.',
    );
  });

  it('tell a part of the reading plan due, with its title and due day only, in the club’s time zone', () => {
    const due = { kind: 'partDue' as const, bookId: 4, partId: 9, title: 'Chapters 1–9', dueOn: '2026-12-11T22:59:59.999Z' };
    expect(chatMessage(due, en)).toMatchObject({
      event: 'partDue',
      link: 'https://klub.example.sk/knihy/4',
      line: '📖 Reading plan: “Chapters 1–9” is to be read by December 11.',
    });
    expect(chatMessage(due, sk)!.line).toBe('📖 Plán čítania: „Chapters 1–9“ máme prečítať do 11. decembra.');
    expect(chatMessage(due, en)!.data).toEqual(due);
  });

  it('escape what each format needs escaped, and never name the reviewer’s account id', () => {
    const review = chatMessage({ kind: 'reviewAdded', bookId: 4, title: '<b>Dune</b> & co', owner: 'Ann', rating: 4, actorId: 'user-id-1' }, en)!;
    expect(review.line).toBe('⭐ Ann reviewed <b>Dune</b> & co: ★★★★☆.');
    expect(JSON.parse(matrixBody(review)).formatted_body).toBe(
      '⭐ Ann reviewed &#60;b&#62;Dune&#60;/b&#62; &#38; co: ★★★★☆. <a href="https://klub.example.sk/knihy/4">https://klub.example.sk/knihy/4</a>',
    );
    expect(JSON.parse(webhookBody(review, 'slack', en, '2026-12-01T00:00:00.000Z')).text).toBe(
      '⭐ Ann reviewed &lt;b&gt;Dune&lt;/b&gt; &amp; co: ★★★★☆. <https://klub.example.sk/knihy/4>',
    );
    const json = JSON.parse(webhookBody(review, 'json', en, '2026-12-01T00:00:00.000Z'));
    expect(json).toMatchObject({ event: 'reviewAdded', club: { name: 'Book <Club>' }, data: { bookId: 4, owner: 'Ann', rating: 4 } });
    expect(JSON.stringify(json)).not.toContain('user-id-1');
  });

  it('say a meeting’s day as Slovak says it after “v”, and carry the event’s kind in JSON like every other event', () => {
    const sunday = { ...meeting, startsAt: '2026-12-13T17:00:00.000Z', place: null };
    expect(chatMessage({ kind: 'meetingScheduled', meetingId: 7, letters, actorId: 'a', meeting: sunday }, sk)!.line).toBe(
      '📅 Stretneme sa v nedeľu 13. decembra 2026 o 18:00.',
    );
    expect(
      chatMessage({ kind: 'meetingCancelled', meetingId: 7, letters, actorId: 'a', meeting: { ...sunday, startsAt: '2026-12-16T17:00:00.000Z' } }, sk)!.line,
    ).toBe('❌ Stretnutie v stredu 16. decembra 2026 o 18:00 sa ruší.');
    const changed = chatMessage({ kind: 'meetingChanged', meetingId: 7, letters, actorId: 'a', meeting }, en)!;
    expect(JSON.parse(webhookBody(changed, 'json', en, '2026-12-01T00:00:00.000Z')).data).toMatchObject({ kind: 'meetingChanged', meetingId: 7 });
  });

  it('never ping, link or break a line where a member’s name or a title says so', () => {
    const review = chatMessage(
      { kind: 'reviewAdded', bookId: 4, title: '[Free](https://evil.example) <@&123>\n# Dune', owner: '@everyone', rating: null, actorId: 'u' },
      en,
    )!;
    const discord = JSON.parse(webhookBody(review, 'discord', en, '2026-12-01T00:00:00.000Z'));
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.content).toBe('⭐ \\@everyone reviewed \\[Free\\]\\(https\\://evil.example\\) \\<\\@&123\\> \\# Dune. https://klub.example.sk/knihy/4');
    expect(review.line).toBe('⭐ @everyone reviewed [Free](https://evil.example) <@&123> # Dune.');
    const slack = JSON.parse(webhookBody(review, 'slack', en, '2026-12-01T00:00:00.000Z')).text;
    expect(slack).toBe('⭐ @everyone reviewed [Free](https://evil.example) &lt;@&amp;123&gt; # Dune. <https://klub.example.sk/knihy/4>');
    const atRoom = chatMessage({ kind: 'meetingScheduled', meetingId: 7, letters, actorId: 'a', meeting: { ...meeting, place: '@room\nupstairs' } }, en)!;
    const matrix = JSON.parse(matrixBody(atRoom));
    expect(matrix).toMatchObject({ msgtype: 'm.notice', 'm.mentions': {} });
    expect(matrix.body).toContain('at @room upstairs.');
  });
});
