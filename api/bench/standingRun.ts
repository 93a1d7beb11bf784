// One run of the standing-order booking job in a process of its own (the
// standing bench starts it, kills it with SIGKILL midway, and starts two at
// once): DATABASE_URL names the database; prints `{ booked, refused, ms }`.
import { createPrismaClient } from '@bakery/prisma';
import { loggingNotifications } from '../src/services/contracts.js';
import { createLogger } from '../src/services/logger.js';
import { runStandingBooking } from '../src/services/standing/booking.js';

const log = createLogger({ level: 'error' });
const prisma = createPrismaClient(process.env.DATABASE_URL!, { max: 6 });
const started = performance.now();
const result = await runStandingBooking({ prisma, log, notifications: loggingNotifications(log) });
console.log(JSON.stringify({ ...result, ms: Math.round(performance.now() - started) }));
await prisma.$disconnect();
