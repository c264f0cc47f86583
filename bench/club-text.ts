// What a seeded club's members write: names, book titles and markdown texts of realistic length, made
// from a fixed seed so every run seeds the same club.

const FIRST_NAMES =
  'Anna Ben Cyril Dana Emil Eva Filip Hana Igor Jana Karol Lucia Marek Nina Oto Petra Rado Simona Tomáš Zuzana Ľubo Šimon Žofia Adam Beáta'.split(' ');
const LAST_NAMES = 'Kováč Horváth Novák Varga Tóth Nagy Baláž Szabó Molnár Lukáč Kráľ Čierny Biely Malý Veľký Hudec Mráz Sýkora Holub Kuruc'.split(' ');
const WORDS = (
  'kniha príbeh román autor hrdina svet vojna láska rodina dedina mesto more hory zima leto detstvo pamäť ' +
  'book story novel author hero world war love family village city sea mountains winter summer childhood memory ' +
  'death life hope fear dream night day morning evening journey home science fiction fantasy mystery history ' +
  'poetry classic modern translation chapter character plot ending beginning darkness light river forest island ' +
  'kingdom empire robot planet star ship letter diary secret garden library teacher the and of a in to was it ' +
  'that with for reads slowly quickly beautiful strange quiet loud long short first last new old good best'
).split(' ');
const TITLE_WORDS =
  'Garden River Winter Letters Island Silence Empire Memory Forest Clock Harbour Lantern Orchard Stranger Tide Mountain Diary Salt Glass'.split(' ');

/** A small deterministic generator (a linear congruential one), so the seeded club is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

export class ClubText {
  private readonly random: () => number;

  constructor(seed = 42) {
    this.random = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  personName(i: number): string {
    return `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]} ${i + 1}`;
  }

  title(): string {
    return `The ${this.pick(TITLE_WORDS)} of ${this.pick(TITLE_WORDS)}`;
  }

  author(): string {
    return `${this.pick(FIRST_NAMES)} ${this.pick(LAST_NAMES)}`;
  }

  words(min: number, max: number): string {
    return Array.from({ length: this.int(min, max) }, () => this.pick(WORDS)).join(' ');
  }

  /** One to three paragraphs of markdown, some with emphasis or a link, as members write them. */
  markdown(minWords: number, maxWords: number): string {
    const paragraphs = this.int(1, 3);
    const perParagraph = Math.max(5, Math.round(this.int(minWords, maxWords) / paragraphs));
    return Array.from({ length: paragraphs }, (_, i) => {
      let text = this.words(perParagraph - 2, perParagraph + 2);
      if (i === 0) text = text[0]!.toUpperCase() + text.slice(1);
      if (this.random() < 0.3) text += ` **${this.words(2, 4)}**`;
      if (this.random() < 0.15) text += ` [${this.words(1, 2)}](https://example.org/${this.int(1, 999)})`;
      return `${text}.`;
    }).join('\n\n');
  }
}
