import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export interface FieldIssue {
  path: string;
  message: string;
}

export type InputLocation = 'body' | 'query' | 'params';

/** A 400 that names each bad field; the exception filter renders `issues`. */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly issues: FieldIssue[]) {
    super({ message: `Invalid request: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues });
  }
}

function toFieldIssues(error: z.ZodError, location: InputLocation): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : location,
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message,
  }));
}

/** Control characters other than tab and newline (typed text may hold those as white space). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if ((unit < 0x20 && unit !== 0x09 && unit !== 0x0a) || unit === 0x7f) return true;
  }
  return false;
}
const MAX_DEPTH = 20;

/**
 * Every string of an input, at any depth, holding a control character other than tab and newline
 * (`\u0000` used to reach PostgreSQL, which refuses it in text: a 500). Named by path.
 */
function controlCharacterIssues(
  value: unknown,
  location: InputLocation,
  path: (string | number)[] = [],
  depth = 0,
): FieldIssue[] {
  if (typeof value === 'string') {
    return hasControlCharacter(value)
      ? [{ path: path.length ? path.join('.') : location, message: 'must not contain control characters' }]
      : [];
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [
    ...(typeof key === 'string' && hasControlCharacter(key)
      ? [{ path: [...path, JSON.stringify(key)].join('.'), message: 'must not contain control characters' }]
      : []),
    ...controlCharacterIssues(item, location, [...path, key], depth + 1),
  ]);
}

/** Validates and converts one input (body, query or params) with a contract schema. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly location: InputLocation,
  ) {}

  transform(value: unknown): z.infer<S> {
    // A JSON body that is missing or not an object is reported as such, not as a crash.
    const input = this.location === 'body' && value === undefined ? {} : value;
    const control = controlCharacterIssues(input, this.location);
    if (control.length) throw new ValidationFailedException(control);
    const result = this.schema.safeParse(input);
    if (!result.success) throw new ValidationFailedException(toFieldIssues(result.error, this.location));
    return result.data;
  }
}
