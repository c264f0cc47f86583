import { config } from 'zod';

/**
 * Zod compiles an object schema's parser with `new Function` unless told not to, and tries `new Function`
 * once when the first object schema is made to learn whether it may. The club's pages forbid eval (PAGE_CSP:
 * script-src 'self'), so that try is refused and reported as a CSP violation on every page (Firefox logs
 * "blocked a JavaScript eval"), though zod catches it. `jitless` skips the try and the compiling. Both are
 * decided when a schema is made, so main.tsx imports this before anything else.
 */
config({ jitless: true });
