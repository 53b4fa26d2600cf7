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

export function toFieldIssues(error: z.ZodError, location: InputLocation): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : location,
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message,
  }));
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
    const result = this.schema.safeParse(input);
    if (!result.success) throw new ValidationFailedException(toFieldIssues(result.error, this.location));
    return result.data;
  }
}
