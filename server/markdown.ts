import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

export interface Markdown {
  render(text: string): string;
}

/**
 * The one markdown renderer: raw HTML off, then sanitized anyway (links may only be http, https or
 * mailto and open safely). Previews use it too, so what a member previews is what the club sees.
 */
export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: true });
  const allowedTags = sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'img');
  return {
    render(text: string): string {
      return sanitizeHtml(md.render(text), {
        allowedTags,
        allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
        allowedSchemes: ['http', 'https', 'mailto'],
        transformTags: {
          a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
        },
      }).trim();
    },
  };
}
