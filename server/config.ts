import { environmentProblems } from '#app/lib/env.server.ts'
import { trustProxyProblem } from '#app/lib/trust-proxy.server.ts'
import { multiServerStorageProblem, workerModeProblem } from '#app/lib/worker-mode.server.ts'
import { messagingConfigProblems } from '#app/modules/outbox/config.server.ts'
import { paymentsConfigProblems } from '#app/modules/payments/config.server.ts'
import { pageCacheProblem } from './page-cache.ts'

/**
 * Every reason this environment cannot run, each naming its setting: the app's own variables, payments, e-mail
 * and SMS, and storage shared by several servers. Empty when the start may go on. In production (NODE_ENV) the
 * list is what makes the mode safe by construction: docs/security.md.
 */
export function configurationProblems(env: Record<string, string | undefined>): string[] {
  const production = env.NODE_ENV === 'production'
  const problems = [
    ...environmentProblems(env),
    ...paymentsConfigProblems(env, { production }),
    ...messagingConfigProblems(env, { production }),
  ]
  for (const problem of [
    multiServerStorageProblem(env),
    trustProxyProblem(env.TRUST_PROXY),
    workerModeProblem(env.WORKER_MODE),
    pageCacheProblem(env),
  ]) {
    if (problem) problems.push(problem)
  }
  return problems
}
