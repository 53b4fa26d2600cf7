import { EntityManager } from '@mikro-orm/postgresql';
import { auditLedger, describeDifference, tierThresholdsFrom } from '../modules/ledger/ledger.public.js';
import { runScript, withScriptContext } from './script-app.js';

// npm run ledger:verify: recomputes every member's points and tier from point_transactions and
// exits 1, listing each member, if a cached balance disagrees with the ledger.
runScript(async () =>
  withScriptContext(async (app, config) => {
    const audit = await auditLedger(app.get(EntityManager).fork(), tierThresholdsFrom(config));
    if (!audit.differences.length) {
      console.log(`Ledger verified: ${audit.membersChecked} members match their point transactions.`);
      return 0;
    }
    for (const difference of audit.differences) console.error(describeDifference(difference));
    console.error(`${audit.differences.length} of ${audit.membersChecked} members differ from the ledger.`);
    return 1;
  }),
);
