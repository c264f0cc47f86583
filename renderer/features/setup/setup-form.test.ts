import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { setupChecks, setupCodeRefusal, setupFormSchema, setupFormValues } from './setup-form';

const typed = { email: 'host@riverside.test', name: ' Hana ', password: 'turn the page 42', setupCode: '' };

describe('the setup form', () => {
  it('asks for no code on the club’s host, and sends none', () => {
    const values = setupFormValues({ ...typed, setupCode: 'typed anyway' }, false);
    expect(values).not.toHaveProperty('setupCode');
    const parsed = setupFormSchema(false).safeParse(values);
    expect(parsed.success && parsed.data.setupCode).toBeNull();
  });

  it('requires the code from another machine', () => {
    const parsed = setupFormSchema(true).safeParse(setupFormValues(typed, true));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['setupCode', 'validation:required']]);
    expect(setupFormSchema(true).safeParse(setupFormValues({ ...typed, setupCode: '   ' }, true)).success).toBe(false);
  });

  it('reports a missing code beside the other fields’ errors', () => {
    const parsed = setupFormSchema(true).safeParse({ email: '', name: '', password: '', setupCode: '' });
    expect(new Set(parsed.error?.issues.map((i) => i.path.join('.')))).toEqual(new Set(['email', 'password', 'setupCode']));
  });

  it('sends the code trimmed', () => {
    const parsed = setupFormSchema(true).safeParse(setupFormValues({ ...typed, setupCode: ' K7Q2-9XWD ' }, true));
    expect(parsed.success && parsed.data).toEqual({ email: typed.email, name: 'Hana', password: typed.password, setupCode: 'K7Q2-9XWD' });
  });

  it('gives the form the same checks: the code’s message by its field while asked for, and sends no code otherwise', () => {
    const keys = (key: string) => key;
    expect(setupChecks(true, keys).validate(typed)).toEqual({ setupCode: 'validation:required' });
    expect(setupChecks(false, keys).validate(typed)).toEqual({});
    expect(setupChecks(false, keys).transformValues({ ...typed, setupCode: 'typed anyway' })).toEqual({
      email: typed.email,
      name: 'Hana',
      password: typed.password,
      setupCode: null,
    });
    expect(setupChecks(true, keys).transformValues({ ...typed, setupCode: ' K7Q2-9XWD ' })).toMatchObject({ setupCode: 'K7Q2-9XWD' });
  });

  it('shows a refused code’s reason beside the field, and nothing for other failures', () => {
    const refused = new ApiError(403, { status: 403, title: 'Forbidden', detail: 'That setup code is not right.' });
    expect(setupCodeRefusal(refused)).toBe('That setup code is not right.');
    expect(setupCodeRefusal(new ApiError(409, { status: 409, title: 'Conflict', detail: 'The club is already set up.' }))).toBeNull();
    expect(setupCodeRefusal(new TypeError('offline'))).toBeNull();
  });

  it('sends no name when none is typed: the server names the admin after the email', () => {
    const parsed = setupFormSchema(false).safeParse(setupFormValues({ ...typed, name: '   ' }, false));
    expect(parsed.success && parsed.data.name).toBeNull();
  });
});
