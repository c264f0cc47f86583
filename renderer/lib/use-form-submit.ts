import type { FormErrors, FormValidationResult } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import { focusingFirstInvalid } from './focus-first-invalid';
import { placeFailure, type PlacedFailure } from './form-errors';
import { handleError } from './notify';

/** What a submit needs of a @mantine/form form (its useForm return). */
export interface SubmittableForm<Values, Sent> {
  validate(): FormValidationResult | Promise<FormValidationResult>;
  getValues(): Values;
  getTransformedValues(values?: Values): Sent;
  setErrors(errors: FormErrors): void;
}

export interface FormSubmitOptions<Values, Sent> {
  /**
   * Sends what the form's checks passed (its transformValues), and does what success does. A throw keeps
   * what was typed and shows why.
   */
  action(sent: Sent, values: Values): Promise<unknown>;
  /** The toast's message when the action fails (else the server's detail); SPEC section 8 names some. */
  failureKey?: string;
  /** An API field to the form's input that shows it, where the form names it otherwise. */
  fieldOf?: Record<string, string>;
  /** After a failure is placed on the form (e.g. to reveal a field the server asked for). */
  onFailure?(failure: PlacedFailure & { error: unknown }): void;
  /** Where focus goes when a success takes the form away (selectors, the first shown wins; else the page's heading). */
  thenFocus?: string[];
}

/** How a submit shows itself while it runs and after it fails. */
export interface SubmitView {
  setBusy(busy: boolean): void;
  setFormError(message: string | null): void;
}

/**
 * One submit: the form's comfort checks (their messages on the fields), then the action with the form busy.
 * A failure toasts, puts the server's field errors on the fields and its detail on the form, and never
 * touches the values: what was typed stays. True when the action succeeded.
 */
export async function submitForm<Values, Sent>(
  form: SubmittableForm<Values, Sent>,
  options: FormSubmitOptions<Values, Sent>,
  view: SubmitView,
): Promise<boolean> {
  view.setFormError(null);
  const check = await form.validate();
  if (check.hasErrors) return false;
  const values = form.getValues();
  view.setBusy(true);
  try {
    await options.action(form.getTransformedValues(values), values);
    return true;
  } catch (error) {
    handleError(error, options.failureKey);
    const failure = placeFailure(error, Object.keys(values as object), options.fieldOf);
    form.setErrors(failure.fieldErrors);
    view.setFormError(failure.formError);
    options.onFailure?.({ ...failure, error });
    return false;
  } finally {
    view.setBusy(false);
  }
}

/**
 * The one way a form is submitted: `<form onSubmit={submit} noValidate>` with a @mantine/form form whose
 * `validate` and `transformValues` come from the contract's schema (see form-errors.ts). `busy` while it
 * runs (a second Enter meanwhile is ignored); `formError` when the server's reason fits no field.
 */
export function useFormSubmit<Values, Sent>(form: SubmittableForm<Values, Sent>, options: FormSubmitOptions<Values, Sent>) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const running = useRef(false);

  /** Resolves true when the action succeeded (a form's onSubmit may ignore that). */
  function submit(event?: FormEvent): Promise<boolean> {
    event?.preventDefault();
    if (running.current) return Promise.resolve(false);
    running.current = true;
    return submitForm(form, options, { setBusy, setFormError }).finally(() => {
      running.current = false;
    });
  }

  // The form's onSubmit: the submit, with focus placed for keyboard and screen reader users after it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => focusingFirstInvalid(submit, { thenFocus: options.thenFocus })(event);
  return { submit, onSubmit, busy, formError };
}

export interface ActionOptions {
  /** The toast's message when the action fails (else the server's detail). */
  failureKey?: string;
}

/**
 * One click that writes (a switch, a remove button): busy while it runs, a toast when it fails, and the
 * screen left as the server has it. Resolves true when the action succeeded.
 */
export async function runAction(action: () => Promise<unknown>, options: ActionOptions, setBusy: (busy: boolean) => void): Promise<boolean> {
  setBusy(true);
  try {
    await action();
    return true;
  } catch (error) {
    handleError(error, options.failureKey);
    return false;
  } finally {
    setBusy(false);
  }
}

/** `run(() => …)` for a one-click write, with `busy` while it runs; a second click meanwhile is ignored. */
export function useAction(options: ActionOptions = {}) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  function run(action: () => Promise<unknown>): Promise<boolean> {
    if (running.current) return Promise.resolve(false);
    running.current = true;
    return runAction(action, options, setBusy).finally(() => {
      running.current = false;
    });
  }

  return { run, busy };
}
