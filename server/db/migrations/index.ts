import { Initial1732250000000 } from './1732250000000-initial';
import { Rounds1732260000000 } from './1732260000000-rounds';

/** In order; each runs once, recorded in the migrations table. */
export const migrations = [Initial1732250000000, Rounds1732260000000];
