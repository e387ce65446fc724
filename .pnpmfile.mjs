// pnpm loads this file before it installs or runs anything (`updateConfig` hook).
//
// better-sqlite3's install first tries a prebuilt binary from GitHub (prebuild-install); where
// none downloads, it compiles from source, and node-gyp then downloads Node's headers from
// nodejs.org unless told where they are. Node ships them beside itself (`<prefix>/include/node`:
// the official tarballs, Debian's nodejs, Homebrew), so a compile needs no download when they are
// there. They are used only when their ABI is this Node's (`NODE_MODULE_VERSION`); a `nodedir`
// the user set wins.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder holding `include/node` headers of this Node's ABI, or undefined. */
function installedHeaders() {
  const prefix = dirname(dirname(process.execPath));
  const header = join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) return undefined;
  const abi = /^#define NODE_MODULE_VERSION (\d+)$/m.exec(readFileSync(header, 'utf8'))?.[1];
  return abi === process.versions.modules ? prefix : undefined;
}

export const hooks = {
  updateConfig(config) {
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by pnpm's install, not by a turbo task.
    if (process.env.npm_config_nodedir || config.extraEnv?.npm_config_nodedir) return config;
    const nodedir = installedHeaders();
    if (nodedir === undefined) return config;
    return { ...config, extraEnv: { ...config.extraEnv, npm_config_nodedir: nodedir } };
  },
};
