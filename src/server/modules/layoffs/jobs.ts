import { defineJob } from '#server/platform/queue.ts'
import { runImport } from './import-service.ts'
import { sendImportAlerts } from './watch-service.ts'

// The layoff import's job (issue 19; docs/decisions/021, 028): the import runs on the
// queue, so closing the tab does not stop it. A run that fails marks its import
// failed and ends; a run that never ended (a killed process) is retried once pg-boss
// expires it, and the retry starts from zero: the killed run's transaction never
// committed.
export const layoffImportJob = defineJob<{ importId: string }>({
  name: 'layoff-import',
  retryLimit: 1,
  retryDelaySeconds: 5,
  // 200,000 rows take well under a minute (bench/); a kill is noticed after this
  expireInSeconds: 600,
  summary: (data) => `Layoff import ${data.importId}`,
  run: (data, { deps, logger }) => runImport(deps, logger, data.importId),
})

// The alert mails of an import (issue 19): enqueued in the import's own transaction,
// so it exists only when the import committed; it reads the import's new notices
// when it runs, and layoff_alerts keeps each member to one mail per import however
// often it runs (a retry, pg-boss's at-least-once delivery).
export const layoffAlertsJob = defineJob<{ importId: string }>({
  name: 'layoff-alerts',
  summary: (data) => `Layoff alerts of import ${data.importId}`,
  run: (data, { deps, logger }) => sendImportAlerts(deps, logger, data.importId),
})
