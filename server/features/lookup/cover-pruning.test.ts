import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import { addMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer } from '../../test-support/test-server';

// Housekeeping (hourly, and at every start) removes the book lookup's covers that no post or recommendation
// shows, a day after they were stored; the club is started twice on one data folder to run it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-cover-pruning-'));
const coversDir = path.join(dataDir, 'images', 'covers');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('prunes stored covers no post or recommendation uses, once a day old; keeps used, fresh and other covers', async () => {
  const club = await startTestServer({ dataDir });
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const files = {
    suggested: 'ol-11.webp',
    recommended: 'ol-12.webp',
    unused: 'ol-13.webp',
    fresh: 'ol-14.webp',
    cutShort: 'ol-15.webp.4242.part',
    imported: 'obskurnee-cover.jpg',
  };
  try {
    const admin = await setUpClub(club);
    const member = (await addMember(club)).token;
    fs.mkdirSync(coversDir, { recursive: true });
    for (const name of Object.values(files)) fs.writeFileSync(path.join(coversDir, name), 'a cover');
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Covers' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, member, bookSuggestion('Dune', { imageUrl: `/images/covers/${files.suggested}` }));
    await ok(club, 'POST', '/api/recommendations', member, bookSuggestion('Solaris', { imageUrl: `/images/covers/${files.recommended}` }));
    for (const name of Object.values(files)) if (name !== files.fresh) fs.utimesSync(path.join(coversDir, name), twoDaysAgo, twoDaysAgo);
  } finally {
    await club.close();
  }
  const again = await startTestServer({ dataDir });
  try {
    expect(fs.readdirSync(coversDir).sort()).toEqual([files.imported, files.suggested, files.recommended, files.fresh].sort());
    // What stays is still served.
    expect((await fetch(`${again.url}/images/covers/${files.recommended}`)).status).toBe(200);
  } finally {
    await again.close();
  }
});
