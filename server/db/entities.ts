import { UserEntity } from '../features/accounts/user.entity';
import { SettingEntity } from '../features/home/setting.entity';

/** Every entity the data source knows; a feature adds its own here. */
export const entities = [UserEntity, SettingEntity];
