// Test helper: the messages a schema answers for an input, as the API and forms show them.
import type { z } from 'zod';

export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

export function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success
    ? undefined
    : result.error.issues.find((i) => i.path.join('.') === path)?.message;
}
