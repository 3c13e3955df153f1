import { type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

/**
 * The one validation mechanism: a zod schema from `contracts` parses a body or query; a
 * failure is a ZodError, which the error filter answers 400 with each field's message.
 */
export class ZodValidation<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    return this.schema.parse(value ?? {});
  }
}
