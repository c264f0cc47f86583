import type { Language } from '../../../shared/constants';
import type { DemoText } from './demo-text';
import { DEMO_TEXT_EN } from './demo-text-en';
import { DEMO_TEXT_SK } from './demo-text-sk';

/** The demo club's words in each of the club's languages. */
export const DEMO_TEXTS: Record<Language, DemoText> = { en: DEMO_TEXT_EN, sk: DEMO_TEXT_SK };
