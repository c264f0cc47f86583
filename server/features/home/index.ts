// What other features may use of home; the rest of the folder is its own (npm run lint holds them to this).
export { settingTable } from './setting.entity';
export { NOTICEBOARD_KEY, type ClubSettingsService } from './settings.service';
