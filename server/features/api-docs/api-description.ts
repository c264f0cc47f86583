import { MAX_JSON_BODY_BYTES, TOKEN_LIFETIME_DAYS } from '../../../shared/constants';

/** The document's introduction: signing in, roles, bots, errors, writes. */
export const API_DESCRIPTION = `The club server's HTTP API. JSON in and out, camelCase; null fields are sent as null, not left out.
Ids are positive integers, except user ids (\`userId\`, \`ownerId\`): opaque strings. Dates are ISO 8601, UTC.

## Signing in

\`POST /api/accounts/login\` with \`{ "email", "password" }\` answers the profile and a \`token\` (a signed JWT,
valid ${TOKEN_LIFETIME_DAYS} days). Send it as \`Authorization: Bearer <token>\`. On a route anyone may call, a missing,
expired or bad token makes the caller a visitor, never a 401.

## Roles

Anyone: setup, login, password reset, GET /api/home (site name and language only), this document. A member:
everything else a member sees; edits their own posts, recommendations and profile; votes; reviews. A moderator
also starts rounds, closes discussions and polls, edits any post, recommendation or profile, registers members,
promotes moderators and sees subscribers. An admin also creates and lists bots. Each operation says who may
call it (and \`x-role\`, \`x-bots\` say it to machines).

## Bots

Bots are read-only accounts for integrations:

1. ask an admin to create a bot account (\`POST /api/admin/registerbot\`);
2. sign in with \`POST /api/accounts/login\`;
3. send \`Authorization: Bearer <token>\`;
4. bots may GET everything a member may, and \`PUT /api/discussions/preview\`; anything else answers 403.

Bots never appear in user lists, poll progress or newsletters.

## Errors

Every error is \`application/problem+json\`: \`{ "status", "title", "detail" }\`, \`detail\` a sentence a user can
read, in the request's \`Accept-Language\` (\`en\` or \`sk\`; the club's default otherwise). Validation errors add
\`errors: { field: [messages] }\`. 400 bad input, 401 no or bad token, 403 role forbids, 404 no such thing,
409 state forbids, 413 too large, 415 a body that is not JSON, 429 too many attempts. An unknown path under
/api is a 404, a known path with another method a 405 with \`Allow\`.

## Writes

Request bodies are validated against the schemas the web app's forms use (shared with the server). A write
accepts an object as the API answered it: read-only fields (rendered HTML, owner names, dates, ids the path
gives) are ignored, not refused. JSON bodies are limited to ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`;
