import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recommendation } from '../../../shared/api/recommendations';

vi.mock('./recommendations.service', () => ({
  recommendationsService: { list: vi.fn(), get: vi.fn(), add: vi.fn(), update: vi.fn() },
}));

const { recommendationsService } = await import('./recommendations.service');
const { useRecommendationsStore } = await import('./recommendations.store');

const rec = (recommendationId: number, title: string) => ({ recommendationId, title }) as Recommendation;
const store = () => useRecommendationsStore.getState();

beforeEach(() => {
  vi.mocked(recommendationsService.list).mockResolvedValue([rec(2, 'Piranesi'), rec(1, 'Solaris')]);
  useRecommendationsStore.setState({
    recommendations: [],
    status: 'idle',
    error: null,
    recommendationId: null,
    recommendation: null,
    recommendationStatus: 'idle',
    recommendationError: null,
  });
});

describe('the recommendations on screen', () => {
  it('put a new recommendation first, as the list is newest first', async () => {
    await store().load();
    vi.mocked(recommendationsService.add).mockResolvedValue(rec(3, 'Middlemarch'));
    await store().add({ title: 'Middlemarch' });
    expect(store().recommendations.map((r) => r.title)).toEqual(['Middlemarch', 'Piranesi', 'Solaris']);
  });

  it('replace an edited one in the list and on its own page', async () => {
    await store().load();
    vi.mocked(recommendationsService.get).mockResolvedValue(rec(1, 'Solaris'));
    await store().loadOne(1);
    vi.mocked(recommendationsService.update).mockResolvedValue(rec(1, 'Solaris (new translation)'));
    await store().update(1, { title: 'Solaris (new translation)' });
    expect(store().recommendation?.title).toBe('Solaris (new translation)');
    expect(store().recommendations.map((r) => r.title)).toEqual(['Piranesi', 'Solaris (new translation)']);
  });

  it('show one the list already has at once, and ignore an answer for one the member has left', async () => {
    await store().load();
    let answer!: (r: Recommendation) => void;
    vi.mocked(recommendationsService.get).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store().loadOne(2);
    expect(store().recommendation?.title).toBe('Piranesi');
    vi.mocked(recommendationsService.get).mockResolvedValueOnce(rec(1, 'Solaris'));
    await store().loadOne(1);
    answer(rec(2, 'Piranesi, updated'));
    await first;
    expect(store().recommendation?.title).toBe('Solaris');
  });
});
