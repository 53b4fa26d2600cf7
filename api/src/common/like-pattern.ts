/**
 * An ILIKE pattern matching `search` anywhere, its wildcards (`%`, `_`) and the escape character
 * (`\`, PostgreSQL's default for LIKE) escaped, so a search for "50%" means those characters.
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A LIKE pattern matching values that start with `search`, its wildcards escaped as above. */
export function prefixPattern(search: string): string {
  return `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
