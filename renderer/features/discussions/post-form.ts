import { checkPostForTopic, postFieldsSchema, type Post, type PostFields, type PostInput, type Topic } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { FormCheck } from '../../lib/form-errors';
import type { ScrapedBook } from '../../../shared/api/scrape';

/**
 * A suggestion as its form holds it. A new book suggestion is typed as a comment and a description
 * (prefilled from Goodreads); the post's `text` is composed from both. Editing shows the post's text as
 * the description.
 */
export interface PostFormValues {
  title: string;
  author: string;
  pageCount: string;
  /** The year it was first published: optional, as typed (the shared schema reads it). */
  year: string;
  url: string;
  imageUrl: string;
  comment: string;
  description: string;
  parentPostId: number | null;
  parentRecommendationId: number | null;
  /** "Contains spoilers" (only suggestions offer it; a recommendation's form sends it unticked, and the server ignores it there). */
  hasSpoilers: boolean;
}

export type PostFormMode = 'new' | 'edit';

export const emptyPostForm: PostFormValues = {
  title: '',
  author: '',
  pageCount: '',
  year: '',
  url: '',
  imageUrl: '',
  comment: '',
  description: '',
  parentPostId: null,
  parentRecommendationId: null,
  hasSpoilers: false,
};

/** Which inputs a topic's form has: themes need only a title and a text. */
export function formLayout(topic: Topic, mode: PostFormMode) {
  const bookFields = topic !== 'Themes';
  return { bookFields, comment: bookFields && mode === 'new' };
}

/** The post's text: the member's comment, then the book's description under a heading. */
export function composeText(comment: string, description: string, descriptionHeading: string): string {
  const c = comment.trim();
  const d = description.trim();
  if (c && d) return `${c}\n\n#### ${descriptionHeading}\n\n${d}`;
  return c || d;
}

/** The API's field that the form shows under another name. */
export const FORM_FIELD_OF: Record<string, keyof PostFormValues> = { text: 'description' };

/** The request the form's values make, before the shared schema checks it. */
export function postInputOf(values: PostFormValues, topic: Topic, mode: PostFormMode, descriptionHeading: string): PostInput {
  const layout = formLayout(topic, mode);
  const text = layout.comment ? composeText(values.comment, values.description, descriptionHeading) : values.description;
  return {
    title: values.title,
    author: layout.bookFields ? values.author : null,
    pageCount: layout.bookFields ? values.pageCount : null,
    // Always sent, so clearing the field clears the year (a request without it would keep it).
    year: layout.bookFields ? values.year : null,
    url: layout.bookFields ? values.url : null,
    imageUrl: layout.bookFields ? values.imageUrl : null,
    text,
    parentPostId: values.parentPostId,
    parentRecommendationId: values.parentRecommendationId,
    hasSpoilers: values.hasSpoilers,
  };
}

export type PostFormCheck = FormCheck<PostFields>;

/**
 * The shared schema's checks and the topic's rules (SPEC section 5), the same the server applies.
 * Errors are catalogue keys (`validation:…`), keyed by the form's own field names.
 */
export function checkPostForm(values: PostFormValues, topic: Topic, mode: PostFormMode, descriptionHeading: string): PostFormCheck {
  const errors: Partial<Record<keyof PostFormValues, string>> = {};
  const add = (field: string, key: string) => {
    const formField = FORM_FIELD_OF[field] ?? (field as keyof PostFormValues);
    errors[formField] ??= key.startsWith('validation:') ? key : 'validation:invalid';
  };
  const input = postInputOf(values, topic, mode, descriptionHeading);
  const parsed = postFieldsSchema.safeParse(input);
  if (parsed.success) {
    for (const [field, key] of Object.entries(checkPostForTopic(parsed.data, topic))) add(field, key);
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, sent: parsed.data };
  }
  for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'title'), issue.message);
  // Say everything that is missing at once, not one field per attempt: the topic's rules on what was typed.
  const typed = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const rough = { ...emptyFields, author: typed(input.author), pageCount: typed(input.pageCount) === null ? null : 1, text: typed(input.text) };
  for (const [field, key] of Object.entries(checkPostForTopic(rough, topic))) add(field, key);
  return { ok: false, errors };
}

const emptyFields: PostFields = {
  title: '',
  author: null,
  pageCount: null,
  year: null,
  url: null,
  imageUrl: null,
  text: null,
  parentPostId: null,
  parentRecommendationId: null,
};

/** A book's fields in the form, from a suggestion or a recommendation (they describe a book alike). */
function valuesFromBook(book: Pick<Post, 'title' | 'author' | 'pageCount' | 'year' | 'url' | 'imageUrl' | 'text'>): PostFormValues {
  return {
    ...emptyPostForm,
    title: book.title,
    author: book.author ?? '',
    pageCount: book.pageCount === null ? '' : String(book.pageCount),
    year: typeof book.year === 'number' ? String(book.year) : '',
    url: book.url ?? '',
    imageUrl: book.imageUrl ?? '',
    description: book.text ?? '',
  };
}

/** A post's own fields in the form, for editing it. */
export function valuesFromPost(post: Post): PostFormValues {
  return { ...valuesFromBook(post), hasSpoilers: post.hasSpoilers };
}

/** An earlier suggestion brought into the open discussion: its fields, linked to it. */
export function valuesForRepost(post: Post): PostFormValues {
  return { ...valuesFromPost(post), parentPostId: post.postId };
}

/** A recommendation suggested in the open discussion: its fields, linked to it. */
export function valuesFromRecommendation(recommendation: Recommendation): PostFormValues {
  return { ...valuesFromBook(recommendation), parentRecommendationId: recommendation.recommendationId };
}

/** What Goodreads knows fills the form; what it does not know keeps what the member typed. */
export function withScrapedBook(values: PostFormValues, book: ScrapedBook): PostFormValues {
  return {
    ...values,
    title: book.title || values.title,
    author: book.author ?? values.author,
    pageCount: book.pageCount === null ? values.pageCount : String(book.pageCount),
    imageUrl: book.imageUrl ?? values.imageUrl,
    url: book.url || values.url,
    description: book.description ?? values.description,
  };
}
