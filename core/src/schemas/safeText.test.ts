// Core's safe-text check (issue 15, issue 27): control characters, lone
// surrogates and bidi overrides refused; any depth without recursion.
import { describe, expect, it } from 'vitest';
import { optionalText, TEXT_MESSAGES, textProblem, unsafeTextIssues } from './common';

describe('textProblem', () => {
  it('refuses the bidi embeddings, overrides and isolates, and allows the marks', () => {
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(textProblem(`a${c}b`)).toBe(TEXT_MESSAGES.directionControls);
    for (const c of ['\u200E', '\u200F', '\u061C']) expect(textProblem(`a${c}b`)).toBeNull();
    expect(textProblem('José María, שלום, مرحبا')).toBeNull();
    expect(textProblem('a\u0000b')).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it('gives optionalText fields the same message', () => {
    const result = optionalText(100, 'too long').safeParse('Happy \u202Eyadhtrib');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(TEXT_MESSAGES.directionControls);
  });
});

describe('unsafeTextIssues', () => {
  it('walks 100,000 levels without overflowing the stack, naming the path', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { k: deep };
    const issues = unsafeTextIssues(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toHaveLength(100_000);
    expect(issues[0]!.message).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it('lists issues in document order, a key before its value', () => {
    const issues = unsafeTextIssues(
      { a: 'ok', 'b\u202E': 'x\u0000', items: [{ name: 'fine' }, { name: '\u2066' }] },
      ['body'],
    );
    expect(issues).toEqual([
      { path: ['body', 'b\u202E'], message: TEXT_MESSAGES.directionControls },
      { path: ['body', 'b\u202E'], message: TEXT_MESSAGES.invalidCharacters },
      { path: ['body', 'items', 1, 'name'], message: TEXT_MESSAGES.directionControls },
    ]);
  });
});
