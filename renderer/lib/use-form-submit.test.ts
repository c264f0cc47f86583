import type { FormErrors } from '@mantine/form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emailSchema } from '../../shared/api/accounts';
import { registerUserSchema } from '../../shared/api/admin';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const { notifications } = await import('@mantine/notifications');
const { ApiError } = await import('./api');
const { checkedForm, schemaChecks } = await import('./form-errors');
const { i18n, i18nReady } = await import('./i18n');
// The language's catalogues come as a chunk of their own; the app renders once they are in, and so do these tests.
await i18nReady;
const { runAction, submitForm } = await import('./use-form-submit');
type FormChecks<V, S> = import('./form-errors').FormChecks<V, S>;

const t = (key: string) => i18n.t(key, { lng: 'en' });

/** A form as @mantine/form keeps one: values the member typed, errors by field, the checks given to useForm. */
function formOf<Values extends object, Sent>(typed: Values, checks: FormChecks<Values, Sent>) {
  const state = { values: typed, errors: {} as FormErrors };
  return {
    state,
    validate() {
      state.errors = checks.validate(state.values);
      return { hasErrors: Object.keys(state.errors).length > 0, errors: state.errors };
    },
    getValues: () => state.values,
    getTransformedValues: (values: Values = state.values) => checks.transformValues(values),
    setErrors(errors: FormErrors) {
      state.errors = errors;
    },
  };
}

/** The submit's busy flag and form-level message, as they change. */
function view() {
  const seen = { busy: [] as boolean[], formError: null as string | null };
  return {
    seen,
    setBusy: (busy: boolean) => void seen.busy.push(busy),
    setFormError(message: string | null) {
      seen.formError = message;
    },
  };
}

const problem = (status: number, detail: string, errors?: Record<string, string[]>) => new ApiError(status, { status, title: 'x', detail, errors });
const typed = { email: '  bea@riverside.test ', name: 'Bea Reader' };
const memberForm = () => formOf({ ...typed }, schemaChecks(registerUserSchema, t));

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('submitting a form', () => {
  it('sends what the shared schema makes of the typed values, busy while it runs', async () => {
    const form = memberForm();
    const screen = view();
    let busyDuring: boolean[] = [];
    const action = vi.fn(async () => {
      busyDuring = [...screen.seen.busy];
    });
    expect(await submitForm(form, { action }, screen)).toBe(true);
    expect(action).toHaveBeenCalledExactlyOnceWith({ email: 'bea@riverside.test', name: 'Bea Reader' }, typed);
    expect(busyDuring).toEqual([true]);
    expect(screen.seen.busy).toEqual([true, false]);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('stops at the comfort checks with a translated message on each wrong field, and sends nothing', async () => {
    const form = formOf({ email: 'not an address', name: 'B'.repeat(201) }, schemaChecks(registerUserSchema, t));
    const screen = view();
    const action = vi.fn(async () => {});
    expect(await submitForm(form, { action }, screen)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(form.state.errors).toEqual({ email: 'That does not look like an email address.', name: 'This is too long.' });
    expect(screen.seen.busy).toEqual([]);
  });

  it('puts the server’s field errors on the fields and keeps every typed value', async () => {
    const form = memberForm();
    const screen = view();
    const refused = problem(400, 'Some fields are not valid.', { email: ['That address is already a member.', 'A second reason.'] });
    const action = vi.fn(async () => {
      throw refused;
    });
    expect(await submitForm(form, { action, failureKey: 'admin:toast.registerFailed' }, screen)).toBe(false);
    expect(form.state.errors).toEqual({ email: 'That address is already a member.' });
    expect(form.state.values).toEqual(typed);
    expect(screen.seen).toEqual({ busy: [true, false], formError: null });
    expect(notifications.show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'Some fields are not valid.', color: 'red' }));
  });

  it('shows a field the form names otherwise under its own name, and the detail when no field can show why', async () => {
    const form = formOf({ title: 'Solaris', description: 'x' }, { validate: () => ({}), transformValues: (values) => values });
    const onText = view();
    const textRefused = async () => {
      throw problem(400, 'Not valid.', { text: ['Please write something.'] });
    };
    await submitForm(form, { action: textRefused, fieldOf: { text: 'description' } }, onText);
    expect(form.state.errors).toEqual({ description: 'Please write something.' });
    expect(onText.seen.formError).toBeNull();

    const elsewhere = view();
    const tokenRefused = async () => {
      throw problem(400, 'This link is invalid, already used or expired.', { resetToken: ['Expired.'] });
    };
    await submitForm(form, { action: tokenRefused }, elsewhere);
    expect(form.state.errors).toEqual({});
    expect(elsewhere.seen.formError).toBe('This link is invalid, already used or expired.');
    expect(form.state.values).toEqual({ title: 'Solaris', description: 'x' });
  });

  it('says the server cannot be reached when the request never arrived, and hands the failure on', async () => {
    const form = memberForm();
    const screen = view();
    const onFailure = vi.fn();
    const offline = new TypeError('Failed to fetch');
    await submitForm(
      form,
      {
        action: async () => {
          throw offline;
        },
        onFailure,
      },
      screen,
    );
    expect(screen.seen.formError).toBe('The club server cannot be reached. Check your connection and try again.');
    expect(onFailure).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ error: offline, fieldErrors: {} }));
    expect(form.state.values).toEqual(typed);
  });

  it('says nothing more when the session ended (the app signs the member out and says so once)', async () => {
    const form = memberForm();
    const screen = view();
    const ended = async () => {
      throw new ApiError(401, { status: 401, title: 'x', detail: 'Sign in first.' }, true);
    };
    await submitForm(form, { action: ended }, screen);
    expect(screen.seen.formError).toBeNull();
    expect(notifications.show).not.toHaveBeenCalled();
    expect(form.state.values).toEqual(typed);
  });

  it('clears the last failure’s message when tried again', async () => {
    const form = memberForm();
    const screen = view();
    await submitForm(form, { action: async () => Promise.reject(problem(409, 'Taken.')) }, screen);
    expect(screen.seen.formError).toBe('Taken.');
    await submitForm(form, { action: async () => {} }, screen);
    expect(screen.seen.formError).toBeNull();
  });
});

describe('a one-click write', () => {
  it('is busy while it runs and toasts a failure', async () => {
    const busy: boolean[] = [];
    expect(
      await runAction(
        async () => {},
        {},
        (b) => busy.push(b),
      ),
    ).toBe(true);
    expect(
      await runAction(
        () => Promise.reject(problem(403, 'Moderators only.')),
        {},
        (b) => busy.push(b),
      ),
    ).toBe(false);
    expect(busy).toEqual([true, false, true, false]);
    expect(notifications.show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'Moderators only.' }));
  });
});

describe('a form’s comfort checks', () => {
  it('show a schema’s message under the form’s own field, and send its output', () => {
    const checks = schemaChecks(emailSchema, t, { input: (values: { email: string }) => values.email, fieldOf: { '': 'email' } });
    expect(checks.validate({ email: 'nobody' })).toEqual({ email: 'That does not look like an email address.' });
    expect(checks.validate({ email: ' bea@riverside.test ' })).toEqual({});
    expect(checks.transformValues({ email: ' bea@riverside.test ' })).toBe('bea@riverside.test');
  });

  it('translate a check of our own, and never send values it refused', () => {
    const check = (values: { pages: string }) =>
      /^\d+$/.test(values.pages) ? { ok: true as const, sent: Number(values.pages) } : { ok: false as const, errors: { pages: 'validation:pageCountInvalid' } };
    const checks = checkedForm(check, t);
    expect(checks.validate({ pages: '204' })).toEqual({});
    expect(checks.transformValues({ pages: '204' })).toBe(204);
    expect(checks.validate({ pages: 'many' })).toEqual({ pages: t('validation:pageCountInvalid') });
    expect(() => checks.transformValues({ pages: 'many' })).toThrow();
  });
});
