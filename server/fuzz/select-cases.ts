import type { CaseRecipe } from './openapi-cases';
import type { Prng } from './prng';

/**
 * A seeded sample of an operation's cases within a budget: the baseline first, then the categories
 * (body, field, path, query, upload, extra, header) taken in turn, some more per turn than others, each
 * in a shuffled order, so a small
 * budget still touches every kind of bad input and different seeds (or roles) touch different cases.
 */
export function selectCases(recipes: readonly CaseRecipe[], budget: number, rng: Prng): CaseRecipe[] {
  const baseline = recipes.filter((recipe) => recipe.category === 'baseline');
  const groups = new Map<string, CaseRecipe[]>();
  for (const recipe of recipes) {
    if (recipe.category === 'baseline') continue;
    const group = groups.get(recipe.category) ?? [];
    group.push(recipe);
    groups.set(recipe.category, group);
  }
  const queues = rng
    .sample([...groups.entries()], groups.size)
    .map(([category, group]) => ({ weight: WEIGHTS[category] ?? 1, queue: rng.sample(group, group.length) }));
  const chosen = baseline.slice(0, budget);
  while (chosen.length < budget && queues.some(({ queue }) => queue.length)) {
    for (const { weight, queue } of queues) {
      for (let i = 0; i < weight; i++) {
        const next = queue.shift();
        if (next && chosen.length < budget) chosen.push(next);
      }
    }
  }
  return chosen;
}

/** Cases taken from each category per turn: the big, varied ones more often. */
const WEIGHTS: Record<string, number> = { field: 3, upload: 3, body: 2, path: 2, query: 2, extra: 1, header: 1 };
