/**
 * The command that installs a missing driver, in the words of the user's package manager: the
 * one running us (`npm_config_user_agent`, set by `npm run`, `npx`, `pnpm exec`, `yarn`, `bun`),
 * else the one whose lockfile is nearest above the working directory, else npm's and pnpm's both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Each manager's lockfiles, in the order they are looked for within one folder. */
const LOCKFILES: readonly (readonly [string, PackageManager])[] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** The package manager of the project at `cwd`, or undefined when nothing says. */
export function packageManager(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): PackageManager | undefined {
  const agent = /^(npm|pnpm|yarn|bun)\//.exec(env.npm_config_user_agent ?? '')?.[1];
  if (agent) return agent as PackageManager;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const found = LOCKFILES.find(([file]) => existsSync(join(dir, file)));
    if (found) return found[1];
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Where this Node's own headers are (`<prefix>/include/node`, as the official tarballs, Debian's
 * nodejs and Homebrew ship them), when they are of this Node's ABI: with `--nodedir` pointing
 * there, node-gyp builds a native driver from source without downloading them.
 */
export function nodeHeadersDir(execPath: string = process.execPath): string | undefined {
  const prefix = dirname(dirname(execPath));
  const header = join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return undefined;
  const abi = /^#define NODE_MODULE_VERSION (\d+)$/m.exec(readFileSync(header, 'utf8'))?.[1];
  return abi === process.versions.modules ? prefix : undefined;
}

/** How to install `spec` (`pg@8`) with `manager`; a `native` driver gets npm's `--nodedir` when the headers are at hand. */
export function installCommand(spec: string, manager: PackageManager | undefined, native = false): string {
  const npm = `npm install ${spec}${native && nodeHeadersDir() ? ` --nodedir=${nodeHeadersDir()}` : ''}`;
  switch (manager) {
    case 'npm':
      return `\`${npm}\``;
    case 'pnpm':
    case 'yarn':
    case 'bun':
      return `\`${manager} add ${spec}\``;
    case undefined:
      return `\`${npm}\` (with pnpm: \`pnpm add ${spec}\`)`;
  }
}

/** The one-line message for a driver that is not installed: `pg is not installed: run \`npm install pg@8\``. */
export function driverMissing(name: string, spec: string, options: { native?: boolean; manager?: PackageManager } = {}): string {
  return `${name} is not installed: run ${installCommand(spec, options.manager ?? packageManager(), options.native ?? false)}`;
}
