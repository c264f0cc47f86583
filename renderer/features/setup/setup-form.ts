import { registerFirstAdminSchema, setupCodeSchema } from '../../../shared/api/accounts';
import { ApiError } from '../../lib/api';
import { schemaChecks, type Translate } from '../../lib/form-errors';

/** The setup form as typed: the code's field is there only while the server asks for it. */
export interface SetupFormValues {
  email: string;
  /** Optional: without one, the admin is named after the email's local part. */
  name: string;
  password: string;
  setupCode: string;
}

export const emptySetupForm: SetupFormValues = { email: '', name: '', password: '', setupCode: '' };

const withRequiredCode = registerFirstAdminSchema.extend({
  setupCode: setupCodeSchema.refine((code) => code !== null, { error: 'validation:required' }),
});

/**
 * The setup form's schema: the shared one, with the setup code required while the server asks for it (a
 * browser on another machine than the club's host).
 */
export function setupFormSchema(needsCode: boolean) {
  return needsCode ? withRequiredCode : registerFirstAdminSchema;
}

/** What the form sends: the code only while it is asked for. */
export function setupFormValues(values: SetupFormValues, needsCode: boolean) {
  // A name only when one is typed: without it the server names the admin after the email.
  const { name, ...rest } = needsCode ? values : { email: values.email, name: values.name, password: values.password };
  return name.trim() ? { ...rest, name } : rest;
}

/** The form's comfort checks and what it sends, for useForm. */
export function setupChecks(needsCode: boolean, t: Translate) {
  return schemaChecks(setupFormSchema(needsCode), t, { input: (values: SetupFormValues) => setupFormValues(values, needsCode) });
}

/**
 * The server refused the setup code (missing or wrong: 403): the form then asks for it, even if home said it
 * was not needed, and shows the server's reason beside it.
 */
export function setupCodeRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null;
}
