import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';

afterEach(() => vi.restoreAllMocks());

it("the console's zod parses without compiling code (no eval under the CSP)", () => {
  const compile = vi.spyOn(globalThis, 'Function');
  const schema = z.object({ id: z.number(), name: z.string(), tags: z.array(z.object({ k: z.string() })) });
  for (let i = 0; i < 3; i++) expect(schema.parse({ id: i, name: 'x', tags: [{ k: 'a' }] }).id).toBe(i);
  expect(compile).not.toHaveBeenCalled();
});
