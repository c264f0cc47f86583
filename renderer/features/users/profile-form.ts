import type { Profile } from '../../../shared/api/accounts';
import { profileUpdateSchema, type ProfileUpdate } from '../../../shared/api/users';
import { checkedForm, type FormCheck, type Translate } from '../../lib/form-errors';

/** A profile as its edit form holds it: every field a string, the switch a boolean. */
export interface ProfileFormValues {
  name: string;
  phone: string;
  aboutMe: string;
  goodreadsUrl: string;
  isActiveParticipant: boolean;
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    phone: profile.phone ?? '',
    aboutMe: profile.aboutMe ?? '',
    goodreadsUrl: profile.goodreadsUrl ?? '',
    isActiveParticipant: profile.isActiveParticipant,
  };
}

export type ProfileFormCheck = { ok: true; update: ProfileUpdate } | { ok: false; errors: Record<string, string> };

/**
 * The shared schema's checks, the same the server applies. Errors are catalogue keys (`validation:…`)
 * by field. Only a moderator's form sends isActiveParticipant (the server ignores it from anyone else).
 */
export function checkProfileForm(values: ProfileFormValues, asModerator: boolean): ProfileFormCheck {
  const parsed = profileUpdateSchema.safeParse({
    name: values.name,
    phone: values.phone,
    aboutMe: values.aboutMe,
    goodreadsUrl: values.goodreadsUrl,
    ...(asModerator ? { isActiveParticipant: values.isActiveParticipant } : {}),
  });
  if (parsed.success) return { ok: true, update: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    errors[String(issue.path[0] ?? 'name')] ??= issue.message.startsWith('validation:') ? issue.message : 'validation:invalid';
  }
  return { ok: false, errors };
}

/** The form's comfort checks (translated, one message per field) and what it sends, for useForm. */
export function profileChecks(asModerator: boolean, t: Translate) {
  return checkedForm((values: ProfileFormValues): FormCheck<ProfileUpdate> => {
    const check = checkProfileForm(values, asModerator);
    return check.ok ? { ok: true, sent: check.update } : check;
  }, t);
}
