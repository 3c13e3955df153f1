import { HttpException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '../commands/command-errors';
import { ConcurrencyError } from '../event-store/event-store';
import { toErrorBody } from './error-filter';

describe('the one error shape', () => {
  it('names each invalid field of a zod failure', () => {
    const parsed = z.object({ email: z.string().min(1, 'Email is Required'), password: z.string().min(1, 'Password is Required') }).safeParse({ email: '', password: '' });
    expect(parsed.success).toBe(false);
    expect(toErrorBody(parsed.error)).toEqual({
      status: 400,
      body: { error: 'Bad Request', message: 'Email is Required', fields: { email: 'Email is Required', password: 'Password is Required' } },
    });
  });

  it('answers a decider refusal 409 and a lost race 409 in words', () => {
    expect(toErrorBody(new DomainError('356938035643809 is no longer in your stock'))).toEqual({
      status: 409,
      body: { error: 'Conflict', message: '356938035643809 is no longer in your stock' },
    });
    expect(toErrorBody(new ConcurrencyError([{ streamId: 'device-1', expected: 1 }])).status).toBe(409);
    expect(toErrorBody(new ConcurrencyError([{ streamId: 'device-1', expected: 1 }])).body.message).toMatch(/Reload and try again/);
  });

  it("names every status by HTTP's reason phrase, the file answers' 412 and 416 and the header limit's 431 included", () => {
    expect([412, 416, 431].map((status) => toErrorBody(new HttpException('x', status)).body.error)).toEqual(['Precondition Failed', 'Range Not Satisfiable', 'Request Header Fields Too Large']);
  });

  it('keeps HTTP exceptions and hides internals of anything else', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /x'))).toEqual({ status: 404, body: { error: 'Not Found', message: 'Cannot GET /x' } });
    expect(toErrorBody(new DomainError('Forbidden Error!', 403))).toEqual({ status: 403, body: { error: 'Forbidden', message: 'Forbidden Error!' } });
    const hidden = toErrorBody(new Error('connection refused at 10.0.0.3'));
    expect(hidden.status).toBe(500);
    expect(hidden.body.message).not.toContain('10.0.0.3');
  });
});
