import type { AppDeps } from './deps';
import { expiredKeysJob } from './lib/idempotency';
import type { DailyJob } from './lib/jobs';
import { sweepExpiredFailures } from './modules/auth/attempts';
import { expiryAlertsJob } from './modules/certificates/expiry-alerts';
import { deadlineRemindersJob } from './modules/certificates/reminders';
import { expiredUploadsJob } from './modules/uploads/store';

/**
 * Every daily job of the product; main.ts runs them with the runner of lib/jobs.ts, once a day on
 * one server whatever the number of servers. Areas append theirs.
 */
export const dailyJobs = (deps: Pick<AppDeps, 'config' | 'mailer'>): DailyJob[] => [
  {
    name: 'auth-failures-sweep',
    hour: 3,
    run: async ({ db, now }) => `${await sweepExpiredFailures(db, now)} falhas antigas removidas`,
  },
  deadlineRemindersJob(deps),
  expiryAlertsJob(deps),
  expiredUploadsJob(deps.config),
  expiredKeysJob,
];
