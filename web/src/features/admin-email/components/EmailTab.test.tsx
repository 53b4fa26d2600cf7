import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { SyncJobStatus } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { anActiveCampaignStatus, aSyncJob } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { at, routeFetch, signIn, venueZone } from '@/testing/route-fetch';
import { EmailTab } from './EmailTab';

const JOB = '77777777-7777-4777-8777-777777777777';
const status = anActiveCampaignStatus;
const NOT_CONFIGURED = { state: 'not_configured', lastAnsweredAt: null, unreachableSince: null, reason: null } as const;
const job = (synced: number, state: SyncJobStatus['state']) =>
  aSyncJob({
    jobId: JOB,
    state,
    synced,
    percent: Math.round((synced / 4) * 100),
    finishedAt: state === 'completed' ? '2026-11-21T10:00:05.000Z' : null,
  });

describe('ActiveCampaign tab', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows the integration's real status and what works (no 'Coming soon')", async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({ listId: '3', customFields: { tier: true, points: false } }),
      },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByText('https://venue.api-us1.com')).toBeInTheDocument();
    expect(screen.getByText('API Key Configured')).toBeInTheDocument();
    expect(screen.getByText('List 3')).toBeInTheDocument();
    expect(screen.getByText('Syncs tier')).toBeInTheDocument();
    expect(screen.getAllByText('Available')).toHaveLength(2);
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Campaign management')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect ActiveCampaign' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync All Members to ActiveCampaign' })).toBeEnabled();
  });

  it("says 'Connected' only after AC answered a call, with when (venue time, 24-hour)", async () => {
    const now = new Date().toISOString();
    routeFetch({
      ...venueZone(),
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({ connection: { state: 'connected', lastAnsweredAt: now, unreachableSince: null, reason: null } }),
      },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(await screen.findByText(/^Connected, last answered ([01]\d|2[0-3]):[0-5]\d$/)).toBeInTheDocument();
  });

  it('says a configured AC that does not answer is unreachable, since when and why, never "Connected"', async () => {
    const since = new Date().toISOString();
    routeFetch({
      ...venueZone(),
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({
          connection: { state: 'unreachable', lastAnsweredAt: null, unreachableSince: since, reason: 'no answer within 15 s' },
        }),
      },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(
      await screen.findByText(/^Configured, unreachable since ([01]\d|2[0-3]):[0-5]\d: no answer within 15 s$/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Connected/)).not.toBeInTheDocument();
  });

  it("does not say 'Connected' for a key that is set but has not been used yet", async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({ connection: { state: 'not_contacted', lastAnsweredAt: null, unreachableSince: null, reason: null } }),
      },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findByText('Configured, not contacted yet')).toBeInTheDocument();
    expect(screen.getByText('Configured')).toBeInTheDocument();
    expect(screen.queryByText(/Connected/)).not.toBeInTheDocument();
  });

  it('says when ActiveCampaign is not configured', async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({ configured: false, connection: NOT_CONFIGURED, accountUrl: null, autoSync: false }),
      },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findAllByText('Not configured')).toHaveLength(2);
    expect(screen.getByText('Disabled')).toBeInTheDocument();
  });

  it('switches the sync off and names the variables to set when not configured', async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: {
        status: 200,
        body: status({
          configured: false,
          connection: NOT_CONFIGURED,
          missingVariables: ['AC_API_URL', 'AC_API_KEY'],
          accountUrl: null,
          autoSync: false,
        }),
      },
      [at(routes.startBulkSync)]: { status: 202, body: { jobId: JOB, total: 4, alreadyRunning: false } },
    });
    renderWithApp(<EmailTab />);
    const button = await screen.findByRole('button', { name: 'Sync All Members to ActiveCampaign' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Bulk sync is off until ActiveCampaign is configured.');
    expect(screen.getByRole('heading', { name: 'Connect ActiveCampaign' })).toBeInTheDocument();
    const required = screen.getByRole('list', { name: 'Required variables' });
    expect(within(required).getByText('AC_API_URL')).toBeInTheDocument();
    expect(within(required).getByText('AC_API_KEY')).toBeInTheDocument();
    expect(screen.getByText(/environment of both the api and the worker/)).toBeInTheDocument();
    expect(screen.getAllByText('Off until configured')).toHaveLength(2);
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('starts the bulk sync and follows its progress to 100%', async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: status() },
      [at(routes.startBulkSync)]: { status: 202, body: { jobId: JOB, total: 4, alreadyRunning: false } },
      [at(routes.getSyncJob, { jobId: JOB })]: [
        { status: 200, body: job(2, 'running') },
        { status: 200, body: job(4, 'completed') },
      ],
    });
    const view = renderWithApp(<EmailTab />);
    await view.user.click(await screen.findByRole('button', { name: 'Sync All Members to ActiveCampaign' }));
    const bar = await screen.findByRole('progressbar', { name: 'Bulk sync progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(await screen.findByText('Bulk Sync Complete!', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('4 of 4 members synced to ActiveCampaign.')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Sync All Members to ActiveCampaign' })).toBeEnabled();
  });

  it('shows a bulk sync waiting for an unreachable AC as paused, with the reason, until it moves again', async () => {
    const since = new Date().toISOString();
    routeFetch({
      ...venueZone(),
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: status({ runningJobId: JOB }) },
      [at(routes.getSyncJob, { jobId: JOB })]: [
        { status: 200, body: { ...job(0, 'running'), paused: { since, reason: 'the connection was refused' } } },
        { status: 200, body: job(2, 'running') },
      ],
    });
    renderWithApp(<EmailTab />);
    expect(
      await screen.findByText(
        /^Paused: ActiveCampaign unreachable since ([01]\d|2[0-3]):[0-5]\d: the connection was refused, retrying by itself$/,
      ),
    ).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Bulk sync progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'), { timeout: 4000 });
    expect(screen.queryByText(/^Paused/)).not.toBeInTheDocument();
  });

  it('picks up a bulk sync that is already running', async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: status({ runningJobId: JOB }) },
      [at(routes.getSyncJob, { jobId: JOB })]: { status: 200, body: job(1, 'running') },
    });
    renderWithApp(<EmailTab />);
    expect(await screen.findByRole('progressbar', { name: 'Bulk sync progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it("says 'Sync Error' when the bulk sync cannot start", async () => {
    routeFetch({
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: status() },
      [at(routes.startBulkSync)]: { status: 500, body: {} },
    });
    const view = renderWithApp(<EmailTab />);
    await view.user.click(await screen.findByRole('button', { name: 'Sync All Members to ActiveCampaign' }));
    expect(await screen.findByText('Sync Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to sync all members')).toBeInTheDocument();
  });

  it("gives the api's reason when it refuses a bulk sync", async () => {
    routeFetch({
      // Configured when the page loaded, switched off since: the api's refusal is shown as it says it.
      [at(routes.getActiveCampaignStatus)]: { status: 200, body: status() },
      [at(routes.startBulkSync)]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'ActiveCampaign is not configured' },
      },
    });
    const view = renderWithApp(<EmailTab />);
    await view.user.click(await screen.findByRole('button', { name: 'Sync All Members to ActiveCampaign' }));
    expect(await screen.findByText('Sync Error')).toBeInTheDocument();
    expect(screen.getByText('ActiveCampaign is not configured')).toBeInTheDocument();
  });
});
