import { Initial1732250000000 } from './1732250000000-initial';

/** In order; each runs once, recorded in the migrations table. */
export const migrations = [Initial1732250000000];
