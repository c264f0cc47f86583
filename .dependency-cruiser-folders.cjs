// The folder graph of Bookclub's code, checked by `npm run lint` beside .dependency-cruiser.cjs (whose
// options it shares). Tests and their support are left out of this graph, and only of this one: a test
// imports the feature it tests and the shared helpers that build clubs for every feature, which is the
// point of a test, not a dependency between the folders of the product.

const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Every folder (each feature on the server and in the renderer, db, http, realtime, the whole-club ' +
        'module, the app store, components, lib, shared/) depends on the others in one direction only, so ' +
        'a feature can be read, tested and changed without the rest. Module-level cycles are caught by ' +
        'no-circular; this catches loops between folders, such as db/ registering every feature’s tables ' +
        'while each feature imports db/, or a feature importing the app store that imports that feature.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(renderer|shared|server|electron)/' },
      to: { path: '^(renderer|shared|server|electron)/', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: '(\\.test\\.tsx?$|\\.test\\.d\\.mts$|(^|/)test-support/)' },
  },
};
