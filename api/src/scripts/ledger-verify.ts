import { EntityManager } from '@mikro-orm/postgresql';
import { auditLedger, describeDifference, describeMispaid, tierThresholdsFrom } from '../modules/ledger/ledger.public.js';
import { runScript, withScriptContext } from './script-app.js';

// npm run ledger:verify: recomputes every member's points and tier from point_transactions and
// exits 1, listing each member, if a cached balance disagrees with the ledger; and each row whose
// points are not what its base earns at its tier and promotion multipliers.
runScript(async () =>
  withScriptContext(async (app, config) => {
    const audit = await auditLedger(app.get(EntityManager).fork(), tierThresholdsFrom(config));
    if (!audit.differences.length && !audit.mispaid.length) {
      console.log(
        `Ledger verified: ${audit.membersChecked} members match their point transactions. Every row pays what its base earns at its multipliers.`,
      );
      return 0;
    }
    for (const difference of audit.differences) console.error(describeDifference(difference));
    for (const row of audit.mispaid) console.error(describeMispaid(row));
    if (audit.differences.length)
      console.error(`${audit.differences.length} of ${audit.membersChecked} members differ from the ledger.`);
    if (audit.mispaid.length) console.error(`${audit.mispaid.length} rows do not pay what their base earns.`);
    return 1;
  }),
);
