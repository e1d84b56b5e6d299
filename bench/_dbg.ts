import { execFileSync } from 'node:child_process';
import { freshDatabase, prepareDatabase, spawnServer, readStorefront, runBuyers, sleep } from '../src/server/fault/support';
const fresh = await freshDatabase('postgres', 'postgres://postgres@127.0.0.1:5432/test');
await prepareDatabase(fresh);
const s = await spawnServer({ env: { ...fresh.env, LOG_LEVEL: 'error' } });
const store = await readStorefront(s.url);
let stop = false;
const r = runBuyers(s.url, store, { buyers: 50, stop: () => stop, maxConsecutiveRefusals: 1e9 });
await sleep(800);
try {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'stop']);
  await sleep(1500);
} finally {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'start']);
}
stop = true;
const st = await r;
console.log('exit', s.child.exitCode, s.child.signalCode, [...st.statuses], st.networkErrors);
console.log(s.stderr().slice(-3000));
await s.kill();
await fresh.dispose();
