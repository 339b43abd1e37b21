import { defineJob } from '#server/platform/queue.ts'
import { runImport } from './import-service.ts'

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
