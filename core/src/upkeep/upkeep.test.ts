import { describe, expect, it } from 'vitest';
import {
  backupAge,
  bakeryInstant,
  BackupSettingsSchema,
  lastScheduledRun,
  nightlyBackupDue,
  releaseTime,
  unpaidCapProblem,
  unpaidOrderStep,
  UnpaidOrderSettingsSchema,
  DEFAULT_UNPAID_ORDER_SETTINGS as rules,
} from '../index';

const H = 3_600_000;

describe('nightly backup', () => {
  it('is due after the scheduled time until a backup is taken', () => {
    // 02:00 in New York on 25 November 2026 is 07:00 UTC (EST).
    expect(bakeryInstant('2026-11-25', '02:00').toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(bakeryInstant('2026-07-01', '02:00').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    const morning = new Date('2026-11-25T12:00:00Z');
    expect(lastScheduledRun(morning, '02:00').toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(lastScheduledRun(new Date('2026-11-25T06:00:00Z'), '02:00').toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
    expect(nightlyBackupDue(morning, '02:00', null)).toBe(true);
    expect(nightlyBackupDue(morning, '02:00', new Date('2026-11-24T07:00:05Z'))).toBe(true);
    expect(nightlyBackupDue(morning, '02:00', new Date('2026-11-25T07:00:05Z'))).toBe(false);
  });

  it('warns past 26 hours', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(backupAge(now, new Date(now.getTime() - 25 * H))).toMatchObject({
      ageHours: 25,
      stale: false,
      warning: null,
    });
    expect(backupAge(now, new Date(now.getTime() - 27 * H))).toMatchObject({
      ageHours: 27,
      stale: true,
    });
    expect(backupAge(now, null).stale).toBe(true);
  });

  it('checks the settings', () => {
    expect(
      BackupSettingsSchema.safeParse({ time: '02:00', keepDaily: 14, keepWeekly: 8 }).success,
    ).toBe(true);
    expect(
      BackupSettingsSchema.safeParse({ time: '2:00', keepDaily: 14, keepWeekly: 8 }).success,
    ).toBe(false);
    expect(
      BackupSettingsSchema.safeParse({ time: '02:00', keepDaily: 0, keepWeekly: 8 }).success,
    ).toBe(false);
  });
});

describe('unpaid orders', () => {
  const sent = new Date('2026-11-20T12:00:00Z');
  const at = (hours: number) => new Date(sent.getTime() + hours * H);
  const pending = { paymentStatus: 'pending', paymentLinkSentAt: sent, releaseWarnedAt: null };

  it('warns 12 hours before the 48, then releases', () => {
    expect(unpaidOrderStep(pending, rules, at(35.9))).toBe('none');
    expect(unpaidOrderStep(pending, rules, at(36))).toBe('warn');
    const warned = { ...pending, releaseWarnedAt: at(36) };
    expect(releaseTime(warned, rules)).toEqual(at(48));
    expect(unpaidOrderStep(warned, rules, at(47.9))).toBe('none');
    expect(unpaidOrderStep(warned, rules, at(48))).toBe('release');
  });

  it('never releases sooner than the warning time after the warning', () => {
    const late = { ...pending, releaseWarnedAt: at(70) };
    expect(releaseTime(late, rules)).toEqual(at(82));
    expect(unpaidOrderStep(late, rules, at(81))).toBe('none');
  });

  it('never touches a confirmed order or one without a link', () => {
    expect(unpaidOrderStep({ ...pending, paymentStatus: 'paid' }, rules, at(1000))).toBe('none');
    expect(unpaidOrderStep({ ...pending, paymentLinkSentAt: null }, rules, at(1000))).toBe('none');
    expect(releaseTime({ ...pending, paymentLinkSentAt: null }, rules)).toBeNull();
  });

  it('caps the unpaid orders of an account', () => {
    expect(unpaidCapProblem(4, rules)).toBeNull();
    expect(unpaidCapProblem(5, rules)).toContain('You already have 5 unpaid orders');
  });

  it('wants the warning before the release', () => {
    const ok = { releaseAfterHours: 48, warnBeforeHours: 12, maxOpenUnpaid: 5 };
    expect(UnpaidOrderSettingsSchema.safeParse(ok).success).toBe(true);
    expect(UnpaidOrderSettingsSchema.safeParse({ ...ok, warnBeforeHours: 48 }).success).toBe(false);
  });
});
