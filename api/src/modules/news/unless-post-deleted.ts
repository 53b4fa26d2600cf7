import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { NewsFailure, POST_NOT_FOUND } from './news-failure.js';

/**
 * A member's comment, like or view inserted as an admin deletes the post: the command found the
 * post, then its insert waited on the deleted row and met the foreign key. That is the same 404
 * as a post that was never there, not a 500.
 */
export async function unlessPostDeleted<T>(insert: Promise<T>): Promise<T> {
  try {
    return await insert;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NewsFailure('not_found', POST_NOT_FOUND);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause; depth += 1) {
    if (cause instanceof ForeignKeyConstraintViolationException || (cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
