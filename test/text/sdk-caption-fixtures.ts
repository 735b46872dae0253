import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The official Typecast SDKs' caption fixtures (neosapience/typecast-sdk,
 * `test-fixtures/with-timestamps/`): each `<name>.json` with-timestamps answer and the
 * `expected/<name>.srt` and `.vtt` every SDK's helper must give for it. Their licence does not let
 * Orator carry them, so they are read where they are:
 *
 * - `TYPECAST_SDK_FIXTURES`: a directory holding them (a checkout's `test-fixtures/with-timestamps`);
 * - else `TYPECAST_SDK_GIT_DIR`, or the mirror at `/work/.mirror/neosapience+typecast-sdk/repo`:
 *   a git directory (bare clone or `.git`), read at `HEAD` with `git show`.
 *
 * Null when neither is there.
 */
export interface SdkCaptionFixture {
  name: string;
  json: string;
  srt: string;
  vtt: string;
}

export interface SdkCaptionFixtures {
  /** Where they were read, to say so in the test's output. */
  source: string;
  fixtures: SdkCaptionFixture[];
}

const defaultGitDir = '/work/.mirror/neosapience+typecast-sdk/repo';
const fixturesPath = 'test-fixtures/with-timestamps';

export const howToRunSdkFixtures =
  'the official SDKs’ caption fixtures are not here: set TYPECAST_SDK_FIXTURES to a checkout’s test-fixtures/with-timestamps ' +
  '(git clone https://github.com/neosapience/typecast-sdk), or TYPECAST_SDK_GIT_DIR to a clone’s git directory, and run this test again';

export function readSdkCaptionFixtures(env: NodeJS.ProcessEnv = process.env): SdkCaptionFixtures | null {
  const dir = env.TYPECAST_SDK_FIXTURES;
  if (dir) return existsSync(dir) && statSync(dir).isDirectory() ? fromDirectory(dir) : null;
  const gitDir = env.TYPECAST_SDK_GIT_DIR ?? defaultGitDir;
  return existsSync(gitDir) ? fromGit(gitDir) : null;
}

function fromDirectory(dir: string): SdkCaptionFixtures {
  const names = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return { source: dir, fixtures: names.sort().map((name) => ({ name, json: read(`${name}.json`), srt: read(`expected/${name}.srt`), vtt: read(`expected/${name}.vtt`) })) };
}

function fromGit(gitDir: string): SdkCaptionFixtures | null {
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let listing: string;
  try {
    listing = git('ls-tree', '--name-only', `HEAD:${fixturesPath}`);
  } catch {
    return null;
  }
  const names = listing.split('\n').filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
  const show = (file: string) => git('show', `HEAD:${fixturesPath}/${file}`);
  return { source: `${gitDir} (HEAD)`, fixtures: names.sort().map((name) => ({ name, json: show(`${name}.json`), srt: show(`expected/${name}.srt`), vtt: show(`expected/${name}.vtt`) })) };
}
