import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiFieldErrors } from './api-errors';
import { fieldErrorsOf } from './form-errors';
import { handleError } from './notify';

interface SubmitOptions<S extends z.ZodType> {
  /** The shared schema the typed values must pass before anything is sent. */
  schema: S;
  values: z.input<S>;
  /** Sends the checked values and reports success; a throw shows a toast and the server's field errors. */
  action(data: z.output<S>): Promise<void>;
  /** The toast's message when the action fails (else the server's detail). */
  failureKey?: string;
}

/**
 * A form's submit: checks the values against the schema (one translated message per field), then runs the
 * action with the button busy; a failure keeps what was typed.
 */
export function useSubmit<S extends z.ZodType>({ schema, values, action, failureKey }: SubmitOptions<S>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error, t));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      await action(parsed.data);
    } catch (error) {
      handleError(error, failureKey);
      setFieldErrors(apiFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, fieldErrors, submit };
}
