import type { BookKey, MeetingKey, RoundKey, ThemeKey } from './demo-story';

/** The words of the demo club in one language; its history (demo-story.ts) is the same in every language. */
export interface DemoText {
  siteName: string;
  /** In the story's order: the admin, the moderator, the one-click member, then the rest. */
  members: { name: string; email: string; aboutMe: string | null; phone?: string }[];
  books: Record<BookKey, { title: string; author: string; pageCount: number; year: number; pitch: string }>;
  themes: Record<ThemeKey, { title: string; text: string }>;
  rounds: Record<RoundKey, { title: string; description: string | null }>;
  /** Review texts by book, in REVIEWS' order. */
  reviews: Partial<Record<BookKey, string[]>>;
  meetings: Record<MeetingKey, { place: string; notes: string }>;
  /** The upcoming meeting's online link. */
  onlineUrl: string;
  /** In QUESTIONS' order. */
  questions: string[];
  /** In RECOMMENDATIONS' order. */
  recommendations: { title: string; author: string; pageCount: number; text: string }[];
  /** In CURRENTLY_READING's order. */
  currentlyReading: { title: string; author: string }[];
  noticeboard: string;
}
