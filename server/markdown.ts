import { LRUCache } from 'lru-cache';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { SPOILER_CLASS, spoilers } from './markdown-spoilers';

export interface Markdown {
  render(text: string): string;
}

/**
 * The one markdown renderer: raw HTML off, then sanitized anyway (links may only be http, https or
 * mailto and open safely). Previews use it too, so what a member previews is what the club sees.
 * Spoilers (`::words::`, `:::` blocks) are Obskurnee's: see markdown-spoilers.ts.
 */
export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: true }).use(spoilers);
  const allowedTags = sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'img');
  // Bios and the noticeboard are stored as markdown and rendered into every answer that shows them (a
  // member list of 1,000 bios): the same text renders to the same HTML, so it is rendered once.
  const rendered = new LRUCache<string, string>({
    maxSize: 8 * 1024 * 1024,
    maxEntrySize: 256 * 1024, // a huge preview is rendered, not kept
    sizeCalculation: (html, text) => html.length + text.length + 1,
  });
  return {
    render(text: string): string {
      let html = rendered.get(text);
      if (html === undefined) {
        html = renderNow(text);
        rendered.set(text, html);
      }
      return html;
    },
  };

  function renderNow(text: string): string {
    return sanitizeHtml(md.render(text), {
      allowedTags,
      allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
      // The one class that gets through: a spoiler's (no other attribute on span or div).
      allowedClasses: { span: [SPOILER_CLASS], div: [SPOILER_CLASS] },
      allowedSchemes: ['http', 'https', 'mailto'],
      transformTags: {
        a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
      },
    }).trim();
  }
}
