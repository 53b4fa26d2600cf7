// Reads docker-compose.yml and a .env file the way `docker compose` does, for tests that run
// where no Docker engine exists. Rules from the Compose specification's "Interpolation" section
// and compose's .env file syntax.
import { parse } from 'yaml';

/** A .env file as compose reads it: KEY=VALUE lines, `#` comments, quotes, inline ` #` comments. */
export function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new Error(`.env: cannot read line ${JSON.stringify(raw)}`);
    const [, key, rest] = match as unknown as [string, string, string];
    const quoted = /^(['"])(.*?)\1(\s+#.*)?$/.exec(rest);
    if (quoted) {
      vars[key] = quoted[1] === '"' ? quoted[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1') : quoted[2]!;
    } else {
      vars[key] = rest.replace(/(^|\s+)#.*$/, '').trim();
    }
  }
  return vars;
}

export class InterpolationError extends Error {
  constructor(readonly problems: string[]) {
    super(`compose refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Interpolates one string: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?error}`, `${VAR?error}`, `${VAR:+replacement}`, `${VAR+replacement}`.
 * Unset variables without a default become '' (compose warns); failed `?` checks are collected.
 * As Docker's reference has it (docs.docker.com/reference/compose-file/interpolation): "`${VAR:-default}`
 * -> value of `VAR` if set and non-empty, otherwise `default`"; "`${VAR-default}` -> value of `VAR` if
 * set, otherwise `default`"; "`${VAR:?error}` -> value of `VAR` if set and non-empty, otherwise exit with
 * error"; "If Compose can't resolve a substituted variable and no default value is defined, it displays
 * a warning and substitutes the variable with an empty string." So `${TIER_SILVER:-}` left empty in .env
 * reaches the container as '', which the config reads as unset.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>, problems: string[]): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced?: string, op?: string, arg?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      const current = vars[name];
      const isSet = current !== undefined;
      const isNonEmpty = isSet && current !== '';
      const nested = () => interpolate(arg ?? '', vars, problems);
      switch (op) {
        case undefined:
          return current ?? '';
        case ':-':
          return isNonEmpty ? current! : nested();
        case '-':
          return isSet ? current! : nested();
        case ':?':
        case '?':
          if (op === ':?' ? isNonEmpty : isSet) return current!;
          problems.push(`${name}: ${nested() || 'required'}`);
          return '';
        case ':+':
          return isNonEmpty ? nested() : '';
        case '+':
          return isSet ? nested() : '';
        default:
          throw new Error(`unknown interpolation ${whole}`);
      }
    },
  );
}

function interpolateDeep(node: unknown, vars: Record<string, string | undefined>, problems: string[]): unknown {
  if (typeof node === 'string') return interpolate(node, vars, problems);
  if (Array.isArray(node)) return node.map((item) => interpolateDeep(item, vars, problems));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateDeep(value, vars, problems)]));
  }
  return node;
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  restart?: string;
  ports?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** The compose file with YAML merge keys applied and every `${...}` resolved; throws InterpolationError. */
export function resolveCompose(text: string, vars: Record<string, string | undefined>): ComposeFile {
  const problems: string[] = [];
  const resolved = interpolateDeep(parse(text, { merge: true }), vars, problems) as ComposeFile;
  if (problems.length > 0) throw new InterpolationError(problems);
  return resolved;
}

/** A service's environment as the container sees it (strings; null means unset). */
export function environmentOf(service: ComposeService): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    if (value !== null && value !== undefined) env[key] = String(value);
  }
  return env;
}
