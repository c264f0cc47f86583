import { registerFirstAdminSchema, setupCodeSchema } from '../../../shared/api/accounts';
import { ApiError } from '../../lib/api';

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
export function setupFormValues(values: { email: string; password: string; setupCode: string }, needsCode: boolean) {
  return needsCode ? values : { email: values.email, password: values.password };
}

/**
 * The server refused the setup code (missing or wrong: 403): the form then asks for it, even if home said it
 * was not needed, and shows the server's reason beside it.
 */
export function setupCodeRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null;
}
