// Tests are TypeScript run through tsx; each file in its own process so servers and clocks never leak.
export default {
  files: ['test/**/*.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '60s',
};
