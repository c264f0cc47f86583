import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DemoRole } from '../../../shared/api/demo';
import { safeNextUrl } from '../../components/RequireLogin';
import { api } from '../../lib/api-client';
import { handleError } from '../../lib/notify';
import { signedIn, useLoginForm } from '../session';

/**
 * The demo club's one-click sign-in: the server issues a normal session for its made-up member, moderator
 * or admin, and the app takes it as it takes a login (whoever was signed in here goes first). Answers the
 * role being signed in as (for its button's spinner) and the function that signs in.
 */
export function useDemoSignIn(): { busyRole: DemoRole | null; signInAs(role: DemoRole): Promise<void> } {
  const [busyRole, setBusyRole] = useState<DemoRole | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const closeLoginForm = useLoginForm((s) => s.cancel);
  async function signInAs(role: DemoRole): Promise<void> {
    setBusyRole(role);
    try {
      await signedIn(await api.demo.signIn({ body: { role } }));
      closeLoginForm();
      const next = safeNextUrl(params.get('nextUrl'));
      if (next) navigate(next, { replace: true });
    } catch (error) {
      handleError(error);
    } finally {
      setBusyRole(null);
    }
  }
  return { busyRole, signInAs };
}
