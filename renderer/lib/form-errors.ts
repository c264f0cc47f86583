import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api';
import { apiFieldErrors } from './api-errors';
import { i18n } from './i18n';

/** Turns a catalogue key into the member's language: i18next's `t`, or any function like it. */
export type Translate = (key: string) => string;

/** A message a shared schema gives (a catalogue key, `validation:…`) in the member's language. */
export function translateKey(message: unknown, t: Translate): string {
  return t(typeof message === 'string' && message.startsWith('validation:') ? message : 'validation:invalid');
}

/**
 * Errors by field holding catalogue keys, translated; `fieldOf` names the form's input for a field the
 * form shows under another name. A field keeps its first message.
 */
export function translatedErrors(errors: Record<string, unknown>, t: Translate, fieldOf: Record<string, string> = {}): Record<string, string> {
  const translated: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) translated[fieldOf[field] ?? field] ??= translateKey(message, t);
  return translated;
}

/** A form's own check: what to send, or why not (catalogue keys by the form's field names). */
export type FormCheck<Sent> = { ok: true; sent: Sent } | { ok: false; errors: Record<string, string> };

/** What @mantine/form's useForm takes to check a form for comfort and shape what it sends. */
export interface FormChecks<Values, Sent> {
  validate(values: Values): FormErrors;
  transformValues(values: Values): Sent;
}

/**
 * A form's comfort checks from its own check function (catalogue keys), for useForm: `validate` shows one
 * translated message per field, `transformValues` is what is sent once they pass. The server checks again.
 */
export function checkedForm<Values, Sent>(check: (values: Values) => FormCheck<Sent>, t: Translate): FormChecks<Values, Sent> {
  return {
    validate(values) {
      const result = check(values);
      return result.ok ? {} : translatedErrors(result.errors, t);
    },
    transformValues(values) {
      const result = check(values);
      // useForm transforms only values that passed validate, which ran the same check.
      if (!result.ok) throw new Error(`The form was sent with errors: ${Object.keys(result.errors).join(', ')}`);
      return result.sent;
    },
  };
}

export interface SchemaFormOptions<Values, S extends z.ZodType> {
  /** What the schema checks, made from the form's values (default: the values as they are). */
  input?(values: Values): z.input<S>;
  /** The schema's field to the form's input, where the form shows it under another name. */
  fieldOf?: Record<string, string>;
}

/**
 * A form's comfort checks from the contract's shared schema (zod, through @mantine/form's Standard Schema
 * resolver): one translated message per field, and the schema's output as what is sent.
 */
export function schemaChecks<Values, S extends z.ZodType>(
  schema: S,
  t: Translate,
  options: SchemaFormOptions<Values, S> = {},
): FormChecks<Values, z.output<S>> {
  const resolve = schemaResolver(schema, { sync: true });
  const input = options.input ?? ((values: Values) => values as z.input<S>);
  return {
    validate: (values) => translatedErrors(resolve(input(values)), t, options.fieldOf),
    transformValues: (values) => schema.parse(input(values)),
  };
}

/** A failed submit, placed: the server's messages on the form's fields, and the rest for the form as a whole. */
export interface PlacedFailure {
  /** Field to its (already translated) message, for the form's own inputs only. */
  fieldErrors: Record<string, string>;
  /** The server's detail (else a general apology) when no field shows why; null when one does. */
  formError: string | null;
}

/**
 * Where a failed submit's reasons go: the server's field errors onto the form's fields (`fieldOf` renames an
 * API field); when none lands on a field, its detail is the form's message. A session that ended says nothing
 * here: the app has signed the member out and said so once.
 */
export function placeFailure(error: unknown, formFields: readonly string[], fieldOf: Record<string, string> = {}): PlacedFailure {
  const fieldErrors = Object.fromEntries(Object.entries(apiFieldErrors(error, fieldOf)).filter(([field]) => formFields.includes(field)));
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  if (error instanceof ApiError && error.sessionEnded) return { fieldErrors, formError: null };
  if (error instanceof ApiError && error.problem) return { fieldErrors, formError: error.problem.detail };
  return { fieldErrors, formError: i18n.t(error instanceof TypeError ? 'common:error.network' : 'common:error.generic') };
}
