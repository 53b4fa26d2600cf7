import type { ActiveCampaignStatus } from '@nocturne/contracts';

type Variable = ActiveCampaignStatus['missingVariables'][number];

const REQUIRED: Record<Variable, string> = {
  AC_API_URL: "your account's API address, e.g. https://<account>.api-us1.com (ActiveCampaign: Settings, Developer)",
  AC_API_KEY: 'the API key shown on the same Developer page',
};

const OPTIONAL: [string, string][] = [
  ['AC_LIST_ID', 'subscribe synced members to this list'],
  ['AC_FIELD_TIER', "custom field id for the member's tier"],
  ['AC_FIELD_POINTS', "custom field id for the member's points"],
  ['AC_AUTO_SYNC', 'true (default) syncs members on registration and tier change'],
];

/** What an admin must do before ActiveCampaign works: the variables, where they go, and that a restart follows. */
export function ActiveCampaignSetup({ missing }: { missing: Variable[] }) {
  // Both are always needed; an older api that does not list them still gets the full instructions.
  const required = missing.length ? missing : (Object.keys(REQUIRED) as Variable[]);
  return (
    <section
      aria-labelledby="ac-setup-heading"
      className="mt-5 grid gap-3 rounded-lg border border-gold/40 bg-night-950/60 p-4 text-sm"
    >
      <h3 id="ac-setup-heading" className="font-semibold text-gold-light">
        Connect ActiveCampaign
      </h3>
      <p className="text-white/85">
        Set these variables in the environment of both the api and the worker (e.g. the <code>.env</code> file or your
        deployment's settings), then restart them:
      </p>
      <ul aria-label="Required variables" className="grid gap-2">
        {required.map((name) => (
          <li key={name}>
            <code className="font-semibold text-gold-light">{name}</code>
            <span className="block text-white/80">{REQUIRED[name]}</span>
          </li>
        ))}
      </ul>
      <details className="text-white/80">
        <summary className="cursor-pointer text-white/90">Optional settings</summary>
        <ul className="mt-2 grid gap-1">
          {OPTIONAL.map(([name, meaning]) => (
            <li key={name}>
              <code className="text-gold-light">{name}</code>: {meaning}
            </li>
          ))}
        </ul>
      </details>
      <p className="text-white/80">Until then, syncing one member or all of them is switched off.</p>
    </section>
  );
}
