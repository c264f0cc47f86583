import type { Discussion, Post, PostInput } from '../shared/api/discussions';
import type { PollInfo, VotingMethod } from '../shared/api/polls';
import type { NewRound, Round, RoundUpdate } from '../shared/api/rounds';
import type { ClubServer } from './club-server';

/**
 * The club's API as one signed-in account sees it, for arranging a scene quickly before the browser
 * looks at it (the browser tests then exercise the screens, not the arranging).
 */
export class ClubApi {
  private constructor(
    private readonly baseUrl: string,
    readonly token: string,
  ) {}

  static async setUpFirstAdmin(club: ClubServer, email: string, password: string): Promise<void> {
    await ClubApi.postCredentials(club, '/api/accounts/registerfirstadmin', { email, password }, 'setup');
  }

  static async signIn(club: ClubServer, email: string, password: string): Promise<ClubApi> {
    const response = await ClubApi.postCredentials(club, '/api/accounts/login', { email, password }, 'login');
    const { token } = (await response.json()) as { token: string };
    return new ClubApi(club.url, token);
  }

  /** A call before anyone is signed in; `what` names it when it fails. */
  private static async postCredentials(club: ClubServer, path: string, credentials: { email: string; password: string }, what: string): Promise<Response> {
    const response = await fetch(club.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
    return response;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  startRound(round: NewRound) {
    return this.call<Round>('POST', '/api/rounds', round);
  }

  discussion(discussionId: number) {
    return this.call<Discussion>('GET', `/api/discussions/${discussionId}`);
  }

  suggest(discussionId: number, post: PostInput) {
    return this.call<Post>('POST', `/api/discussions/${discussionId}`, post);
  }

  /** Closes the discussion into its poll: approval, or ranked when asked (`{ votingMethod: 'ranked' }`). */
  closeDiscussion(discussionId: number, body?: { votingMethod?: VotingMethod; closesAt?: string | null }) {
    return this.call<RoundUpdate>('POST', `/api/rounds/close-discussion/${discussionId}`, body);
  }

  poll(pollId: number) {
    return this.call<PollInfo>('GET', `/api/polls/${pollId}`);
  }

  vote(pollId: number, postIds: number[]) {
    return this.call<RoundUpdate>('POST', `/api/polls/${pollId}/vote`, { postIds });
  }

  closePoll(pollId: number) {
    return this.call<RoundUpdate>('POST', `/api/rounds/close-poll/${pollId}`);
  }
}
