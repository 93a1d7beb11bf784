// Payloads of the window and drop calls (issue 25). The rules beyond shape
// (overlaps, opening hours, closes after opens) are windows.ts and drops.ts.
import { z } from 'zod';
import { isDateString } from '../calendar/calendar';
import { WINDOW_MESSAGES } from './windows';

const id = z.uuid({ error: 'Not a valid id' });

export const WindowInputSchema = z.object({
  weekday: z.number({ error: WINDOW_MESSAGES.weekday }).int(WINDOW_MESSAGES.weekday),
  start: z.string({ error: WINDOW_MESSAGES.time }),
  end: z.string({ error: WINDOW_MESSAGES.time }),
  fulfillment: z.enum(['pickup', 'delivery']).default('pickup'),
  limits: z.record(z.string(), z.number({ error: WINDOW_MESSAGES.limit })).default({}),
});

export const DropInputSchema = z.object({
  name: z.string({ error: 'Give the drop a name' }).trim().min(1, 'Give the drop a name').max(100),
  opensAt: z.iso.datetime({ offset: true, error: 'Enter when orders open' }),
  closesAt: z.iso.datetime({ offset: true, error: 'Enter when orders close' }),
  pickupDates: z
    .array(z.string().refine(isDateString, 'Enter a date as YYYY-MM-DD'))
    .min(1, 'Choose at least one pickup date')
    .max(14),
  windowIds: z.array(id).max(50).default([]),
  // Issue 37: the home page and the menu show it (the owner turns it off).
  announce: z.boolean().default(true),
  units: z
    .array(
      z.object({
        label: z.string().trim().min(1, 'Name each quantity').max(100),
        productIds: z.array(z.string().max(100)).min(1, 'Each quantity needs at least one item'),
        quantity: z.number().int('Enter a whole number of items from 1 to 10,000'),
      }),
    )
    .min(1, 'Add at least one item')
    .max(100),
});

export const DropNotifySchema = z.object({
  email: z.string({ error: 'Please enter a valid email address' }).max(255),
});

export const DropHoldSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().max(100),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .min(1)
    .max(50),
});

export const HoldMinutesSchema = z.object({ holdMinutes: z.number().int() });
