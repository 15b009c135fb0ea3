// The payment simulators alone, in their own process:
//
//   npm run simulators
//
// They listen on 127.0.0.1:SIMULATOR_PORT (default PORT + 1) only, exactly as an app server in simulator mode
// starts them. Use it with app servers started with PAYMENTS_MODE=simulator and SIMULATOR_EXTERNAL=1 (they then
// start no simulators of their own), for instance several app servers sharing one simulator; behind a local proxy,
// give this process and the app servers the same SIMULATOR_CALLBACK_URL (the proxy's address) so that callbacks
// reach any of them. It reads the same variables as the app (docs/payments-simulator.md).
import { getPaymentsConfig, simulatorBanner, startPaymentSimulatorServer } from '#app/modules/payments/config.server.ts'

const config = getPaymentsConfig()
if (config.mode !== 'simulator') {
  console.error('npm run simulators: PAYMENTS_MODE is production; the simulators run only in simulator mode.')
  process.exit(1)
}
const server = await startPaymentSimulatorServer({ config })
// This process is the simulators, whatever SIMULATOR_EXTERNAL says for the app servers.
console.log(simulatorBanner({ ...config, simulator: { ...config.simulator, external: false } }))
console.log(`Payment simulators listening on ${server.url} (loopback only):`)
console.log(`  MTN MoMo      ${server.url}/momo`)
console.log(`  Airtel Money  ${server.url}/airtel`)
console.log(`  Card          ${server.url}/card (hosted page opened at ${server.browserOrigin})`)
console.log(`Callbacks go to ${config.callbackBase}/api/payments/... only. Ctrl-C stops.`)

const stop = () => {
  void server.close().finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
