// The boundaries between Bookclub's parts, checked by `npm run lint` (dependency-cruiser) as the first
// step of `npm test`. Paths are relative to the folder cruised from (the repository root; a fixture
// tree in build/lint-boundaries.test.ts). There is no list of tolerated violations: a rule holds everywhere.

const path = require('node:path');

/** server/ modules the desktop shell may import: the composition root, its settings, maintenance. */
const SERVER_ENTRY_POINTS_FOR_ELECTRON = [
  '^server/start-server\\.ts$',
  '^server/heap-flags\\.ts$',
  '^server/settings\\.ts$',
  '^server/db/data-source\\.ts$',
  '^server/club/maintenance-error\\.ts$',
  '^server/club/backup/back-up-club\\.ts$',
  '^server/club/backup/backup-status\\.ts$',
  '^server/club/restore/restore-club\\.ts$',
  '^server/club/server-lock\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-app',
      comment:
        'shared/ holds the types, schemas and contracts that the server, the renderer and the desktop ' +
        'shell all compile against; importing any of them would drag that side into the others.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|renderer|electron)/' },
    },
    {
      name: 'renderer-not-to-server-or-electron',
      comment:
        'The renderer runs in a sandboxed browser window and talks to the server only over HTTP and the ' +
        'hub, typed by shared/; server or Electron code would be bundled into the page (or fail to).',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(server|electron)/' },
    },
    {
      name: 'server-not-to-renderer-or-electron',
      comment:
        'The server also runs headless (npm start), without Electron and without the renderer source; ' + 'it serves only the built renderer from dist/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(renderer|electron)/' },
    },
    {
      name: 'electron-not-to-renderer',
      comment: 'The desktop shell loads the renderer over HTTP from the club server it starts, like any browser; ' + 'it never imports renderer source.',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'electron-to-server-entry-points-only',
      comment:
        'The desktop shell starts the same startServer() as the headless entry and runs the same ' +
        'maintenance; it reaches no further into the server, so server internals stay free to change.',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^server/', pathNot: SERVER_ENTRY_POINTS_FOR_ELECTRON },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other (directly or around a loop) load in an order that depends on ' +
        'who is imported first, and cannot be understood or tested one at a time. Type-only imports ' +
        'count too: they are the same coupling, one edit away from a runtime cycle.',
      severity: 'error',
      from: { path: '^(shared|server|renderer|electron)/' },
      to: { circular: true },
    },
    {
      name: 'features-meet-through-their-index',
      comment:
        "A feature uses another only through that feature's index.ts, which names what it offers (a " +
        "service's type, an entity, a writer, a query hook, a component); everything else in the folder " +
        'is its own, free to change without looking outside it. Whole-club work (server/club: archive, ' +
        "restore, import; server/maintenance) uses each feature's tables the same way, so no table has a " +
        'second owner outside its feature. Tests may reach into any feature.',
      severity: 'error',
      // $1 is the importing folder: a feature's own files are its own.
      from: { path: '^((?:server|renderer)/features/[^/]+|server/maintenance)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^(server|renderer)/features/[^/]+/',
        pathNot: ['^$1/', '^(server|renderer)/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'whole-club-work-meets-features-through-their-index-or-tables',
      comment:
        'Whole-club work (server/club) uses a feature through its index.ts too, or reads one of its tables ' +
        "from the feature's own `*.entity.ts`: a backup counts the club in a worker thread that must not load " +
        "the features' services (club-counts.ts), and an entity file holds nothing but its table's definition.",
      severity: 'error',
      from: { path: '^server/club/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^server/features/[^/]+/',
        pathNot: ['^server/features/[^/]+/index\\.ts$', '^server/features/[^/]+/[^/]+\\.entity\\.ts$'],
      },
    },
    {
      name: 'http-imports-no-feature',
      comment:
        'server/http/ is the plumbing every feature stands on (errors, validation, authentication, the ' +
        "contract's router); importing a feature would make a loop of every feature through it. What it needs " +
        'of one (the signed-in account, sessions) it declares as an interface, and server/app.ts hands it the ' +
        "accounts feature's implementation.",
      severity: 'error',
      from: { path: '^server/http/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/features/' },
    },
    {
      name: 'feature-entry-points-stay-private',
      comment:
        "A feature's routes (server/features/<f>/*.routes.ts) are registered by server/app.ts and its " +
        'pages (renderer/features/<f>/*Page.tsx) by renderer/routes.tsx, nowhere else, so its index.ts ' +
        'does not offer them: another feature that needs their logic uses the service or queries behind them.',
      severity: 'error',
      from: { path: '^(server|renderer)/features/[^/]+/index\\.tsx?$' },
      to: { path: ['^server/features/[^/]+/[^/]+\\.routes\\.ts$', '^renderer/features/[^/]+/[^/]*Page\\.tsx$'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing fails at build or run time; usually a typo or a moved file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-orphans',
      comment:
        'A module nothing imports and that imports nothing is dead code, or a file forgotten half-way ' +
        "through a move. Declaration files, dotfiles (configs) and the renderer's public files (served as they " +
        'are, named by index.html) are exempt.',
      severity: 'error',
      from: { orphan: true, pathNot: ['\\.d\\.m?ts$', '(^|/)\\.[^/]+$', '^renderer/public/'] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // See `import type` as well: a type-only import is a dependency for every rule above.
    tsPreCompilationDeps: true,
    // Absolute, so the fixture test can cruise its own tree with this configuration.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
