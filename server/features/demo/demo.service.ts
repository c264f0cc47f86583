import type { DemoClub, DemoRole } from '../../../shared/api/demo';
import type { LoginResponse } from '../../../shared/api/accounts';
import { Forbidden, NotFound } from '../../http/errors';
import { signToken } from '../../http/token';
import type { DemoSettings } from '../../settings';
import type { AccountsService } from '../accounts';

/**
 * The demo club's one-click sign-in. In a real club (no demo settings) there is nothing here: every call is
 * the same 404 as a route that does not exist, so a real club cannot be entered without a password.
 */
export class DemoService {
  constructor(
    private readonly demo: DemoSettings | null,
    private readonly accounts: AccountsService,
    private readonly secret: Uint8Array,
  ) {}

  /** What home tells everyone in the demo club: whom they may sign in as; null in a real club. */
  club(): DemoClub | null {
    return this.demo && { accounts: this.demo.accounts.map(({ role, name }) => ({ role, name })) };
  }

  /** A normal session (as a login issues) for the demo's account of `role`. */
  async signIn(role: DemoRole, route: { method: string; path: string }): Promise<LoginResponse> {
    const account = this.demo?.accounts.find((a) => a.role === role);
    if (!this.demo) throw new NotFound('routeNotFound', route);
    const user = account ? await this.accounts.findById(account.userId) : null;
    if (!user) throw new NotFound('routeNotFound', route);
    // An admin of the demo may have disabled them, as in any club.
    if (user.disabledOn !== null) throw new Forbidden('accountDisabled');
    return { ...this.accounts.profileOf(user), token: await signToken(user.id, user.sessionVersion, this.secret) };
  }
}
