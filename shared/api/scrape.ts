/** GET /api/scrape/?goodreadsUrl= answers a Goodreads book page's fields for prefilling a suggestion. */
export interface ScrapedBook {
  title: string;
  author: string | null;
  pageCount: number | null;
  imageUrl: string | null;
  url: string;
  description: string | null;
}
