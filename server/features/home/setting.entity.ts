import { EntitySchema } from 'typeorm';

/** One club-wide setting the moderators change at run time (the noticeboard, for one). */
export interface Setting {
  key: string;
  value: string;
}

export const SettingEntity = new EntitySchema<Setting>({
  name: 'Setting',
  tableName: 'setting',
  columns: {
    key: { type: 'varchar', length: 100, primary: true },
    value: { type: 'text' },
  },
});
