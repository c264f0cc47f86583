import type { DataSource } from 'typeorm';
import { parseShelfProfileUrl, READ_SHELF_SHOWN, type ShelfEntry, type ShelfLink, type Shelves, type ShelfSite } from '../../../shared/api/shelves';
import type { Language } from '../../../shared/constants';
import { mayChange } from '../../../shared/rules';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { countRows, findRow, findRows, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { AppError, Forbidden, NotFound, RetryLater } from '../../http/errors';
import { translate } from '../../http/i18n';
import { actorOf, userTable, type User } from '../accounts';
import type { ShelfSites } from './shelf-sites';
import type { ShelfSync } from './shelf-sync';
import { removeShelves } from './shelf-writes';
import { shelfEntryTable, shelfLinkTable, type ShelfEntryRow, type ShelfLinkRow } from './shelves.entity';

const toEntry = (row: ShelfEntryRow): ShelfEntry => ({
  entryId: row.id,
  shelf: row.shelf,
  site: row.site,
  externalBookId: row.externalBookId,
  title: row.title,
  author: row.author,
  series: row.series,
  url: row.url,
  imageUrl: row.imageUrl,
  rating: row.rating,
  pageCount: row.pageCount,
  readOn: row.readOn,
  addedOn: row.addedOn,
});

/** The 503 of a site the club does not read (its setting is empty): linking or reading it cannot work. */
class SiteOff extends RetryLater {
  constructor(site: ShelfSite) {
    super(503, 'shelfSync:siteOff', 3600, { site: site === 'Storygraph' ? 'StoryGraph' : site });
  }
}

/** Members' links to their Goodreads or StoryGraph profiles and what the club read from them (shared/api/shelves.ts). */
export class ShelvesService {
  constructor(
    private readonly db: DataSource,
    /** Null when the club reads neither site. */
    private readonly sites: ShelfSites | null,
    private readonly sync: ShelfSync | null,
    private readonly clock: Clock,
    /** After a link or a reading from a request: when the schedule reads next may have moved. */
    private readonly rescheduled: () => void = () => {},
  ) {}

  /** A member (never a bot) who exists: their shelves are for every member to see. */
  private member(userId: string): User {
    const user = findRow(sqliteOf(this.db), userTable, { id: userId.trim(), isBot: false });
    if (!user) throw new NotFound('userNotFound');
    return user;
  }

  async get(userId: string, language: Language): Promise<Shelves> {
    const user = this.member(userId);
    const sql = sqliteOf(this.db);
    const link = findRow(sql, shelfLinkTable, { userId: user.id });
    const shelf = (name: 'currently-reading' | 'read', limit?: number) =>
      findRows(
        sql,
        shelfEntryTable,
        { ownerId: user.id, shelf: name },
        {
          orderBy: [
            ['position', 'ASC'],
            ['id', 'ASC'],
          ],
          limit,
        },
      ).map(toEntry);
    return {
      userId: user.id,
      link: link ? this.linkAnswer(link, language) : null,
      currentlyReading: shelf('currently-reading'),
      read: shelf('read', READ_SHELF_SHOWN),
      readCount: countRows(sql, shelfEntryTable, { ownerId: user.id, shelf: 'read' }),
    };
  }

  private linkAnswer(link: ShelfLinkRow, language: Language): ShelfLink {
    const site = link.site === 'Storygraph' ? 'StoryGraph' : link.site;
    return {
      site: link.site,
      profileUrl: link.profileUrl,
      linkedOn: link.linkedOn,
      lastSyncedOn: link.lastSyncedOn,
      lastTriedOn: link.lastTriedOn,
      lastError: link.lastError ? translate(language, link.lastError, { site }) : null,
      nextSyncOn: link.nextSyncOn,
    };
  }

  /** The member whose profile `caller` may link: only their own (404 for no such member, 403 for another's). */
  mayLink(caller: User, userId: string): User {
    const user = this.member(userId);
    if (user.id !== caller.id) throw new Forbidden('shelfSync:notYours');
    return user;
  }

  /**
   * Members link only their own profile (it is their consent to the club reading it); a new link replaces
   * the old one and its books. The shelves are read at once, and the answer shows what came of it.
   */
  async link(caller: User, userId: string, profileUrl: string, language: Language): Promise<Shelves> {
    const user = this.mayLink(caller, userId);
    const profile = parseShelfProfileUrl(profileUrl);
    // The body's schema checked it already; this is for a caller inside the server.
    if (!profile) throw new AppError(400, 'validation:shelfProfileInvalid');
    if (!this.sites?.reads(profile.site)) throw new SiteOff(profile.site);
    const now = this.clock.now();
    writeTransaction(this.db, (sql) => {
      const old = findRow(sql, shelfLinkTable, { userId: user.id });
      if (old && (old.site !== profile.site || old.externalUserId !== profile.externalUserId)) removeShelves(sql, user.id, now);
      upsertRow(
        sql,
        shelfLinkTable,
        {
          userId: user.id,
          site: profile.site,
          externalUserId: profile.externalUserId,
          profileUrl: profile.profileUrl,
          linkedOn: now.toISOString(),
          nextSyncOn: null,
          lastSyncedOn: old?.site === profile.site && old.externalUserId === profile.externalUserId ? old.lastSyncedOn : null,
          lastTriedOn: null,
          lastError: null,
          failures: 0,
        },
        ['userId'],
        ['site', 'externalUserId', 'profileUrl', 'linkedOn', 'nextSyncOn', 'lastSyncedOn', 'lastTriedOn', 'lastError', 'failures'],
      );
    });
    await this.sync?.sync(user.id);
    this.rescheduled();
    return this.get(user.id, language);
  }

  /** The link and everything read from it go. Own, or anyone's for moderators. */
  async unlink(caller: User, userId: string, language: Language): Promise<Shelves> {
    const user = this.member(userId);
    if (!mayChange(actorOf(caller), user.id)) throw new Forbidden('notYourProfile');
    const now = this.clock.now();
    writeTransaction(this.db, (sql) => {
      // Books without a link (an Obskurnee club's, whose member had no profile address) go the same way.
      if (!findRow(sql, shelfLinkTable, { userId: user.id }) && countRows(sql, shelfEntryTable, { ownerId: user.id }) === 0) {
        throw new NotFound('shelfSync:notLinked');
      }
      removeShelves(sql, user.id, now);
    });
    return this.get(user.id, language);
  }

  /** Reads the linked shelves now. Own, or anyone's for moderators. */
  async syncNow(caller: User, userId: string, language: Language): Promise<Shelves> {
    const user = this.member(userId);
    if (!mayChange(actorOf(caller), user.id)) throw new Forbidden('notYourProfile');
    const link = findRow(sqliteOf(this.db), shelfLinkTable, { userId: user.id });
    if (!link) throw new NotFound('shelfSync:notLinked');
    if (!this.sites?.reads(link.site)) throw new SiteOff(link.site);
    await this.sync?.sync(user.id);
    this.rescheduled();
    return this.get(user.id, language);
  }
}
