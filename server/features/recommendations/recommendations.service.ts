import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import { checkPostForTopic, type PostFields } from '../../../shared/api/discussions';
import { recommendationFieldsSchema, recommendationUpdateSchema, type Recommendation } from '../../../shared/api/recommendations';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn, insertRow, updateRows } from '../../db/table';
import { Forbidden, Invalid, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import { toPostOwnFields } from '../../post-own-fields';
import { actorOf, displayName, userNames, type User } from '../accounts';
import { noClubEvents, type ClubEvents } from '../newsletters';
import { recommendationTable, type RecommendationRow } from './recommendation.entity';
import { mayChange } from '../../../shared/rules';

export class RecommendationsService {
  constructor(
    private readonly db: DataSource,
    private readonly markdown: Markdown,
    private readonly events: ClubEvents = noClubEvents,
  ) {}

  /** Newest first. */
  async list(): Promise<Recommendation[]> {
    return this.toRecommendations(findRows(sqliteOf(this.db), recommendationTable, 'all', { orderBy: [['id', 'DESC']] }));
  }

  async get(id: number): Promise<Recommendation> {
    const row = findRow(sqliteOf(this.db), recommendationTable, { id });
    if (!row) throw new NotFound('recommendationNotFound');
    return (await this.toRecommendations([row]))[0]!;
  }

  async byIds(ids: number[]): Promise<Map<number, Recommendation>> {
    if (ids.length === 0) return new Map();
    const rows = findRowsIn(sqliteOf(this.db), recommendationTable, 'id', ids);
    return new Map((await this.toRecommendations(rows)).map((r) => [r.recommendationId, r]));
  }

  async create(user: User, fields: z.output<typeof recommendationFieldsSchema>): Promise<Recommendation> {
    this.check(fields);
    const now = new Date().toISOString();
    const id = insertRow(sqliteOf(this.db), recommendationTable, {
      ...fields,
      year: fields.year ?? null,
      renderedText: this.render(fields.text),
      ownerId: user.id,
      createdOn: now,
      modifiedOn: now,
    });
    this.events.publish({ kind: 'recommendationAdded', recommendationId: id, title: fields.title, owner: displayName(user), actorId: user.id });
    return this.get(id);
  }

  /** Owners edit their own, moderators any. The id comes from recommendationId, or Obskurnee's postId. */
  async update(user: User, { recommendationId, postId, ...fields }: z.output<typeof recommendationUpdateSchema>): Promise<Recommendation> {
    const id = recommendationId ?? postId;
    if (!id) throw new Invalid('validationFailed', {}, { recommendationId: ['validation:required'] });
    const row = findRow(sqliteOf(this.db), recommendationTable, { id });
    if (!row) throw new NotFound('recommendationNotFound');
    if (!mayChange(actorOf(user), row.ownerId)) throw new Forbidden('notYourRecommendation');
    this.check(fields);
    // An absent year (Obskurnee's client does not know it) is undefined, which leaves the stored one as it is.
    updateRows(sqliteOf(this.db), recommendationTable, { id }, { ...fields, renderedText: this.render(fields.text), modifiedOn: new Date().toISOString() });
    return this.get(id);
  }

  async toRecommendations(rows: RecommendationRow[]): Promise<Recommendation[]> {
    const names = await userNames(
      this.db,
      rows.map((row) => row.ownerId),
    );
    return rows.map((row) => ({
      recommendationId: row.id,
      ...toPostOwnFields(row, names.get(row.ownerId) ?? '', this.markdown),
      createdOn: row.createdOn,
      modifiedOn: row.modifiedOn,
    }));
  }

  private render(text: string | null): string | null {
    return text ? this.markdown.render(text) : null;
  }

  /** A recommendation is a book: the same rules as a book suggestion. */
  private check(fields: Omit<PostFields, 'parentPostId' | 'parentRecommendationId'>) {
    const errors = checkPostForTopic({ ...fields, parentPostId: null, parentRecommendationId: null }, 'Recommendations');
    const entries = Object.entries(errors);
    if (entries.length)
      throw new Invalid(entries.length === 1 ? entries[0]![1] : 'validationFailed', {}, Object.fromEntries(entries.map(([f, k]) => [f, [k]])));
  }
}
