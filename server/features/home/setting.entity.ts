import { column, defineTable, type RowOf } from '../../db/table';

/** One club-wide setting the moderators change at run time (the noticeboard, for one). */
export const settingTable = defineTable('setting', {
  key: column.varchar(100).primary(),
  value: column.text(),
});
export type Setting = RowOf<typeof settingTable>;
