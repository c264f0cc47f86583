import type { Middleware } from 'koa';
import type { ProblemDetails } from '../../shared/api/problem';
import type { AppState } from './context';
import { AppError, RetryLater } from './errors';
import { requestLanguage, translate } from './i18n';
import type { Language } from '../../shared/constants';

/** Errors raised by the body parser and Koa itself carry a status; each gets its own clear detail. */
function keyForHttpError(status: number): string {
  switch (status) {
    case 400:
      return 'malformedJson';
    case 413:
      return 'bodyTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 404:
      return 'notFound';
    default:
      return 'unexpected';
  }
}

export function problemFor(error: unknown, language: Language): ProblemDetails {
  if (error instanceof AppError) {
    const problem: ProblemDetails = {
      status: error.status,
      title: translate(language, `errors:title.${error.status}`),
      detail: translate(language, error.key, error.params),
    };
    if (error.fieldErrors) {
      problem.errors = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, keys]) => [field, keys.map((key) => translate(language, key))]));
    }
    return problem;
  }
  const status = (error as { status?: unknown })?.status;
  const expose = (error as { expose?: unknown })?.expose;
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) {
    return {
      status,
      title: translate(language, `errors:title.${status}`),
      detail: translate(language, keyForHttpError(status)),
    };
  }
  return { status: 500, title: translate(language, 'errors:title.500'), detail: translate(language, 'unexpected') };
}

/**
 * First in the chain: every failure becomes application/problem+json in the caller's language.
 * Unexpected errors are logged and answered without internals.
 */
export function errorMiddleware(options: { defaultLanguage: Language; log: (error: unknown) => void }): Middleware<AppState> {
  return async function errorMiddleware(ctx, next) {
    try {
      await next();
    } catch (error) {
      // Answered already, by the server rather than this chain (a request a restore could not wait for was
      // told 503 and logged): the failure of the club closed under it is no news, and has no one to tell.
      if (ctx.res.writableEnded) return;
      const language = ctx.state.language ?? requestLanguage(ctx.get('Accept-Language'), options.defaultLanguage);
      const problem = problemFor(error, language);
      if (problem.status >= 500 && !(error instanceof RetryLater)) options.log(error);
      ctx.status = problem.status;
      ctx.type = 'application/problem+json';
      ctx.body = problem;
      if (problem.status === 405 && error instanceof AppError && error.params.allowed) {
        ctx.set('Allow', String(error.params.allowed));
      }
      if (error instanceof RetryLater) ctx.set('Retry-After', String(error.retryAfterSeconds));
    }
  };
}
