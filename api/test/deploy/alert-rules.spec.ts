import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { describeWithBinary } from '../support/prometheus-binaries.js';

// The alert rules of deploy/observability, proven with Prometheus' own rule checker and unit
// tester: `promtool check rules` and `promtool test rules` on nocturne-alerts.test.yml, whose cases
// show each alert firing when it should and silent otherwise. Then, alert by alert, the rules are
// broken on purpose (never firing, firing on every series) to show the cases notice.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'deploy/observability/prometheus');
const RULES = 'nocturne-alerts.yml';
const TESTS = 'nocturne-alerts.test.yml';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
}
interface RuleFile {
  groups: { name: string; rules: Rule[] }[];
}
interface TestFile {
  rule_files: string[];
  tests: { name: string; alert_rule_test?: { eval_time: string; alertname: string; exp_alerts: unknown[] }[] }[];
}

const rules = parse(readFileSync(path.join(dir, RULES), 'utf8')) as RuleFile;
const tests = parse(readFileSync(path.join(dir, TESTS), 'utf8')) as TestFile;
const alerts = rules.groups.flatMap((group) => group.rules);

describe('the alert rules’ test cases', () => {
  it('test the shipped rule file', () => {
    expect(tests.rule_files).toEqual([RULES]);
  });

  it('give every alert a case where it fires and one where it stays silent, and name no other alert', () => {
    const cases = tests.tests.flatMap((group) => group.alert_rule_test ?? []);
    const coverage = alerts.map(({ alert }) => {
      const own = cases.filter((c) => c.alertname === alert);
      return { alert, fires: own.some((c) => c.exp_alerts.length > 0), silent: own.some((c) => c.exp_alerts.length === 0) };
    });
    expect(coverage).toEqual(alerts.map(({ alert }) => ({ alert, fires: true, silent: true })));
    const known = new Set(alerts.map(({ alert }) => alert));
    expect(cases.map((c) => c.alertname).filter((name) => !known.has(name))).toEqual([]);
  });
});

describeWithBinary('promtool', 'deploy/observability alert rules under promtool', (promtool) => {
  const run = (args: string[], cwd = dir) => {
    const result = spawnSync(promtool, args, { cwd, encoding: 'utf8', timeout: 30_000 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('pass `promtool check rules`', () => {
    const { status, output } = run(['check', 'rules', RULES]);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining(`SUCCESS: ${alerts.length} rules found`) });
  });

  it('pass their unit tests (`promtool test rules`)', () => {
    const { status, output } = run(['test', 'rules', TESTS]);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  describe('fail their unit tests once an alert is broken', () => {
    const threshold = /\s*>\s*[\d.e+-]+\s*$/;
    const breakages = alerts.flatMap((rule) => [
      { alert: rule.alert, how: 'never fires', expr: 'vector(0) > 1' },
      // `X > 500` becomes `X >= 0` (same series, same labels); `absent(...)` becomes always present.
      {
        alert: rule.alert,
        how: 'fires on every series, whatever its value',
        expr: threshold.test(rule.expr) ? rule.expr.replace(threshold, ' >= 0') : 'vector(1)',
      },
    ]);
    /** promtool's report per test file: "Unit Testing:  <file>" and what follows it. */
    const reports = new Map<string, string>();
    let scratch: string;

    // One promtool run for every breakage: per breakage a rule file with that one alert replaced,
    // and a test file keeping only that alert's cases.
    beforeAll(() => {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'nocturne-alert-rules-'));
      const files = breakages.map(({ alert, expr }, index) => {
        const broken = structuredClone(rules);
        for (const rule of broken.groups.flatMap((group) => group.rules)) if (rule.alert === alert) rule.expr = expr;
        writeFileSync(path.join(scratch, `rules-${index}.yml`), stringify(broken));
        const own = tests.tests
          .map((group) => ({ ...group, alert_rule_test: (group.alert_rule_test ?? []).filter((c) => c.alertname === alert) }))
          .filter((group) => group.alert_rule_test.length > 0);
        const file = `test-${index}.yml`;
        writeFileSync(path.join(scratch, file), stringify({ ...tests, rule_files: [`rules-${index}.yml`], tests: own }));
        return file;
      });
      // stdout names each file, stderr says what failed in it: both into one file, in order.
      const log = path.join(scratch, 'promtool.log');
      const fd = openSync(log, 'w');
      spawnSync(promtool, ['test', 'rules', ...files], { cwd: scratch, stdio: ['ignore', fd, fd], timeout: 60_000 });
      closeSync(fd);
      const output = readFileSync(log, 'utf8');
      for (const section of output.split(/^Unit Testing:\s+/m).slice(1)) {
        reports.set(section.slice(0, section.indexOf('\n')).trim(), section);
      }
    });
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it.each(breakages.map((breakage, index) => [breakage.alert, breakage.how, index] as const))(
      '%s that %s',
      (alert, _how, index) => {
        const report = reports.get(`test-${index}.yml`) ?? '(no report)';
        expect(report).toContain('FAILED');
        expect(report).toContain(`alertname: ${alert},`);
      },
    );
  });
});
