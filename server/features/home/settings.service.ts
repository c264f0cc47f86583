import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { findRow, upsertRow } from '../../db/table';
import { settingTable } from './setting.entity';

export const NOTICEBOARD_KEY = 'noticeboard';

/** Club-wide values moderators change at run time. */
export class ClubSettingsService {
  constructor(private readonly db: DataSource) {}

  async get(key: string): Promise<string | null> {
    return findRow(sqliteOf(this.db), settingTable, { key })?.value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    upsertRow(sqliteOf(this.db), settingTable, { key, value }, ['key'], ['value']);
  }
}
