// The layer rule of DESIGN.md section 4, checked by dependency-cruiser in `npm run lint:boundaries` (part of
// `npm test`). Arrows point one way: ground (contract, clock, errors) <- domain <- actors <- core <- adapters
// (server, msw, cli, harness, driver, mcp). docs/architecture.md explains each rule; test/architecture/ runs the
// checker on a forbidden import and sees it fail. Type-only imports count: knowing a type is a dependency too.
/** @type {import('dependency-cruiser').IConfiguration} */

const ADAPTERS = 'src/(server|msw|cli|harness|driver|mcp)/';
// What sits above a layer: nothing below may reach it. The root entry point (src/index.ts) and conformance/
// sit above everything in src/.
const ABOVE_GROUND = `^(src/(domain|actors|core|arbitraries)/|${ADAPTERS}|src/index\\.ts$|conformance/)`;
const ABOVE_DOMAIN = `^(src/(actors|core|arbitraries)/|${ADAPTERS}|src/index\\.ts$|conformance/)`;
const ABOVE_ACTORS = `^(src/(core|arbitraries)/|${ADAPTERS}|src/index\\.ts$|conformance/)`;
const ABOVE_CORE = `^(src/arbitraries/|${ADAPTERS}|src/index\\.ts$|conformance/)`;
// The public entry points conformance/ may use (package.json "exports"): the root and the subpaths.
const PUBLIC_ENTRIES = '^src/(index|actors/client/index|arbitraries/index|msw/index)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'ground-imports-nothing-above',
      comment:
        'contract, clock and errors are the ground: they may not import the domain, actors, core, adapters, arbitraries or conformance.',
      severity: 'error',
      from: { path: '^src/(contract|clock|errors)/' },
      to: { path: ABOVE_GROUND },
    },
    {
      name: 'errors-is-the-floor',
      comment:
        'errors/ is the lowest ground folder: contract and clock throw its errors, so it may not import them back (no contract <-> errors cycle).',
      severity: 'error',
      from: { path: '^src/errors/' },
      to: { path: '^src/(contract|clock)/' },
    },
    {
      name: 'domain-imports-only-ground',
      comment: 'Domain services depend on the ground and on ports, never on an actor class, the core or an adapter.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: ABOVE_DOMAIN },
    },
    {
      name: 'actors-import-only-domain-and-ground',
      comment: 'Actors (client, dispatcher) may not import the core, an adapter, arbitraries or conformance.',
      severity: 'error',
      from: { path: '^src/actors/' },
      to: { path: ABOVE_ACTORS },
    },
    {
      name: 'actors-independent',
      comment: 'The client and the dispatcher share rules through the domain or the ground, not through each other.',
      severity: 'error',
      from: { path: '^src/actors/([^/]+)/' },
      to: { path: '^src/actors/', pathNot: '^src/actors/$1/' },
    },
    {
      name: 'core-imports-no-adapter',
      comment:
        'The core composes the service for every adapter; it may not import an adapter (server, msw, cli, harness, driver), arbitraries or conformance.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: ABOVE_CORE },
    },
    {
      name: 'arbitraries-import-only-ground',
      comment: 'The fast-check arbitraries are a public building block over the wire contract: ground only.',
      severity: 'error',
      from: { path: '^src/arbitraries/' },
      to: { path: '^(src/(domain|actors|core|server|msw|cli|harness|driver|mcp)/|src/index\\.ts$|conformance/)' },
    },
    {
      name: 'server-imports-no-other-adapter',
      comment: 'The Hapi adapter translates for the core; it may not import the harness, msw, the CLI or the driver.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(harness|msw|cli|driver|mcp)/' },
    },
    {
      name: 'msw-imports-no-other-adapter',
      comment:
        'The msw adapter translates for the core; it may not import Hapi (server), the harness, the CLI or the driver.',
      severity: 'error',
      from: { path: '^src/msw/' },
      to: { path: '^src/(server|harness|cli|driver|mcp)/' },
    },
    {
      name: 'harness-imports-only-server-among-adapters',
      comment:
        'createHarness() is the core behind the Hapi adapter: it may import server/, not msw, the CLI or the driver.',
      severity: 'error',
      from: { path: '^src/harness/' },
      to: { path: '^src/(msw|cli|driver|mcp)/' },
    },
    {
      name: 'driver-imports-no-other-adapter',
      comment:
        'The SDK driver speaks its protocol over stdio; it may not import the server, msw, the harness or the CLI.',
      severity: 'error',
      from: { path: '^src/driver/' },
      to: { path: '^src/(server|msw|harness|cli|mcp)/' },
    },
    {
      name: 'mcp-imports-only-harness-among-adapters',
      comment:
        'The MCP adapter acts on a mock through its admin HTTP API (the harness remote client) and runs the suites through the conformance public API, like the CLI; it may not import the Hapi server, msw, the CLI (which hands it the samples and the webhook sender) or the driver.',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^src/(server|msw|cli|driver)/' },
    },
    {
      name: 'mcp-uses-the-conformance-public-api',
      comment:
        'The MCP adapter runs the suites as users do: through conformance/index.ts (event-harness/conformance) only.',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^conformance/', pathNot: '^conformance/index\\.ts$' },
    },
    {
      name: 'nothing-imports-the-cli',
      comment:
        'The CLI is the outermost adapter (it may use the harness, the server, the driver, the MCP adapter and conformance): nothing else imports it.',
      severity: 'error',
      from: { pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'conformance-uses-the-public-api',
      comment:
        'The conformance suites use only what users can import: src/index.ts and the public subpath entry points.',
      severity: 'error',
      from: { path: '^conformance/' },
      to: { path: '^src/', pathNot: PUBLIC_ENTRIES },
    },
    {
      name: 'shipped-code-not-on-tests',
      comment: 'src/ and conformance/ ship in the package; test/, bench/ and scripts/ do not.',
      severity: 'error',
      from: { path: '^(src|conformance)/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle of modules hides which one is the lower layer.',
      severity: 'error',
      from: { path: '^(src|conformance)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file or package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'shipped-code-not-on-dev-dependencies',
      comment:
        'What src/ and conformance/ import (types too: they end up in the published .d.ts) must be a dependency or a peer dependency, not only a devDependency.',
      severity: 'error',
      from: { path: '^(src|conformance)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm-peer'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage)/' },
    tsPreCompilationDeps: true,
    // Re-runs in npm test parse only the files that changed.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
