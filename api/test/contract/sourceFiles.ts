// The source files the contract tests read as text (they pin rules the
// compiler cannot: where SQL names a state, what a route module may call).
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` whose name `wanted` accepts (by default: TypeScript). */
export async function sourceFiles(
  dir: string,
  wanted: (name: string) => boolean = (name) => name.endsWith('.ts'),
): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full, wanted);
      return Promise.resolve(wanted(entry.name) ? [full] : []);
    }),
  );
  return nested.flat();
}
