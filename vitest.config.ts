import { defineConfig } from 'vitest/config'
import { startPluginsForTests } from './tests/setup/start-compiler.ts'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // Components render: they run in the `components` project, with a DOM.
          exclude: ['src/**/*.integration.test.{ts,tsx}', 'src/**/*.test.tsx'],
          setupFiles: ['tests/setup/loud-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
          exclude: ['src/**/*.integration.test.{ts,tsx}'],
          setupFiles: ['tests/setup/loud-console.ts', 'tests/setup/components.ts'],
          // Room for findBy*/waitFor (up to 5 s each) on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // Server functions compiled as the server build compiles them: tests call them over the wire.
        plugins: startPluginsForTests(),
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/**/*.integration.test.{ts,tsx}'],
          setupFiles: ['tests/setup/loud-console.ts', 'tests/setup/integration.ts'],
          testTimeout: 30_000,
          // Room for a loaded machine (two suites side by side on two cores).
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
