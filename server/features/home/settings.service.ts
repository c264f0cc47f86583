import type { DataSource, Repository } from 'typeorm';
import { SettingEntity, type Setting } from './setting.entity';

export const NOTICEBOARD_KEY = 'noticeboard';

/** Club-wide values moderators change at run time. */
export class ClubSettingsService {
  private readonly settings: Repository<Setting>;

  constructor(db: DataSource) {
    this.settings = db.getRepository(SettingEntity);
  }

  async get(key: string): Promise<string | null> {
    return (await this.settings.findOneBy({ key }))?.value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await this.settings.upsert({ key, value }, ['key']);
  }
}
