/**
 * `npm test` must fail when any test fails. A failing server test once printed "1 failed" and
 * exited 0 (an exit hook of the database library ended the process with its own code), so the
 * stage looked green. These checks run the real commands in a subprocess.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/config.ts';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

describe('a failing server test', () => {
  it('makes `vitest run` exit non-zero under the server project global setup', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/fixtures/failing-server-test/vitest.config.ts'],
      {
        cwd: projectRoot,
        encoding: 'utf8',
        timeout: 120_000,
        // Its own embedded PostgreSQL: the one of this run is busy serving it.
        env: {
          ...process.env,
          TEST_PG_PORT: String(54369 + offset),
          TEST_PG_DATA_DIR: path.join(projectRoot, 'data', 'test-failing-fixture'),
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toMatch(/Tests\s+1 failed \| 1 passed/);
    expect(run.status, output).toBe(1);
  }, 300_000);
});

// Fails when its arguments contain $FAIL_STAGE; when they contain $FAILED_IN_REPORT, exits 0
// but writes a JSON report counting a failed test (a runner whose exit code lies).
const FAKE_NPX = `#!/bin/sh
case "$*" in *"$FAIL_STAGE"*) [ -n "$FAIL_STAGE" ] && exit 1;; esac
case "$*" in *"$FAILED_IN_REPORT"*)
  if [ -n "$FAILED_IN_REPORT" ]; then
    for arg in "$@"; do case "$arg" in --outputFile.json=*) report="\${arg#--outputFile.json=}";; esac; done
    echo '{"numPassedTests":3,"numFailedTests":1,"numPendingTests":0}' > "$report"
  fi;;
esac
exit 0
`;

// The lint stage runs a script of its own rather than npx: the fake fails when asked for "lint.sh".
const FAKE_LINT = `#!/bin/sh
case "lint.sh" in *"$FAIL_STAGE"*) [ -n "$FAIL_STAGE" ] && exit 1;; esac
exit 0
`;

/** A copy of scripts/test-all.sh whose stages are a fake `npx` (and lint script) that fails the stage asked for. */
async function runTestAll(failing: string | undefined, failedInReport?: string): Promise<{ status: number | null; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-test-all-'));
  try {
    await mkdir(path.join(dir, 'scripts'));
    await mkdir(path.join(dir, 'bin'));
    for (const file of ['test-all.sh', 'summarize-tests.mjs']) {
      await copyFile(path.join(projectRoot, 'scripts', file), path.join(dir, 'scripts', file));
    }
    await writeFile(path.join(dir, 'scripts', 'ensure-chromium.sh'), 'exit 0\n');
    await writeFile(path.join(dir, 'scripts', 'lint.sh'), FAKE_LINT);
    await writeFile(path.join(dir, 'bin', 'npx'), FAKE_NPX);
    await chmod(path.join(dir, 'bin', 'npx'), 0o755);
    const run = spawnSync('bash', [path.join(dir, 'scripts', 'test-all.sh')], {
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`,
        FAIL_STAGE: failing ?? '',
        FAILED_IN_REPORT: failedInReport ?? '',
      },
    });
    return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('scripts/test-all.sh (npm test)', () => {
  it('exits 0 when every stage passes', async () => {
    const { status, output } = await runTestAll(undefined);
    expect(output).toContain('Tests: 0 passed, 0 failed');
    expect(status, output).toBe(0);
  });

  const stages: Array<[string, string]> = [
    ['codegen check', 'codegen/generate.ts'],
    ['typecheck', 'tsc --noEmit'],
    ['lint', 'lint.sh'],
    ['unit tests', '--project unit'],
    ['server tests', '--project server'],
    ['browser tests', 'playwright test'],
  ];
  it('exits non-zero when a stage exits 0 but its report counts a failed test', async () => {
    const { status, output } = await runTestAll(undefined, '--project server');
    expect(output).toContain('Tests: 3 passed, 1 failed');
    expect(status, output).not.toBe(0);
  });

  for (const [stage, command] of stages) {
    it(`exits non-zero when the ${stage} stage fails`, async () => {
      const { status, output } = await runTestAll(command);
      expect(output).toContain(`failed stages: ${stage}`);
      expect(status, output).not.toBe(0);
    });
  }
});
