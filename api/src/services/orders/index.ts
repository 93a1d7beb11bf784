// The staff's order services, one module per job (issue 36).
export * from './record.js';
export * from './lifecycle.js';
export * from './counter.js';
export * from './money.js';
export * from './desk.js';
export * from './payments.js';
