import { EndpointGates } from './endpoint-gates.js';

describe('webhook endpoint gates', () => {
  let now = 0;
  const gates = () => new EndpointGates({ concurrency: 2, failuresToOpen: 3, openMs: 60_000, busyRetryMs: 1_000 }, () => now);

  it('lets at most `concurrency` deliveries to one endpoint go at once, and others meanwhile', () => {
    const g = gates();
    expect(g.enter('slow')).toEqual({ go: true });
    expect(g.enter('slow')).toEqual({ go: true });
    expect(g.enter('slow')).toMatchObject({ go: false, waitMs: 1_000 });
    expect(g.enter('fast')).toEqual({ go: true });
    g.leave('slow', true);
    expect(g.enter('slow')).toEqual({ go: true });
  });

  it('opens the circuit after consecutive failures, then lets one trial through, and closes on success', () => {
    now = 0;
    const g = gates();
    for (let i = 0; i < 3; i += 1) {
      expect(g.enter('down')).toEqual({ go: true });
      g.leave('down', false);
    }
    expect(g.enter('down')).toMatchObject({ go: false, waitMs: 60_000 });
    now = 30_000;
    expect(g.enter('down')).toMatchObject({ go: false, waitMs: 30_000 });
    now = 60_000;
    expect(g.enter('down')).toEqual({ go: true });
    expect(g.enter('down')).toMatchObject({ go: false, why: 'a trial delivery is out' });
    g.leave('down', false);
    expect(g.enter('down')).toMatchObject({ go: false, waitMs: 60_000 });
    now = 120_000;
    expect(g.enter('down')).toEqual({ go: true });
    g.leave('down', true);
    expect(g.enter('down')).toEqual({ go: true });
    expect(g.enter('down')).toEqual({ go: true });
  });

  it('counts only consecutive failures', () => {
    const g = gates();
    for (const ok of [false, false, true, false, false]) {
      expect(g.enter('flaky')).toEqual({ go: true });
      g.leave('flaky', ok);
    }
    expect(g.enter('flaky')).toEqual({ go: true });
  });
});
