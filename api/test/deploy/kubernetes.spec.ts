import * as keda from '@kubernetes-models/keda';
import { apiEnvSchema, baseEnvSchema, loadConfig, workerEnvSchema } from '@nocturne/config';
import { ALL_QUEUES } from '@nocturne/queues';
import * as k8s from 'kubernetes-models';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { passwordProblem } from '#modules/auth/password-policy.js';
import { kustomizeBuild, type Manifest } from '../support/kustomize.js';
import { manifestTypeErrors } from '../support/manifest-types.js';

// Renders deploy/k8s offline (no kubectl, no cluster) and validates every manifest against the
// Kubernetes and KEDA OpenAPI schemas shipped by kubernetes-models, then checks what a safe
// rollout needs: probes, non-root, read-only root filesystem, resources, drain, scaling, secrets.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const k8sDir = path.join(root, 'deploy/k8s');
const overlay = kustomizeBuild(path.join(k8sDir, 'overlays/example'));
const migrate = kustomizeBuild(path.join(k8sDir, 'overlays/example/migrate'));
const withCpuHpa = kustomizeBuild(path.join(k8sDir, 'overlays/example'), ['../../components/cpu-hpa']);
const scaleOut = kustomizeBuild(path.join(k8sDir, 'overlays/scale-out'));
const secretExample = parse(readFileSync(path.join(k8sDir, 'secret.example.yaml'), 'utf8')) as Manifest & {
  stringData: Record<string, string>;
};

const groups: Record<string, Record<string, Record<string, new (data: any) => { validate(): void }>>> = {
  ...(k8s as any),
  ...(keda as any),
};

/** The kubernetes-models class for a manifest's apiVersion and kind. */
function modelOf(manifest: Manifest): new (data: any) => { validate(): void } {
  const [group, version] = manifest.apiVersion.includes('/') ? manifest.apiVersion.split('/') : ['v1', undefined];
  const key = group!.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
  const model = version ? groups[key]?.[version]?.[manifest.kind] : (groups['v1'] as any)?.[manifest.kind];
  if (!model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  return model;
}

const find = (manifests: Manifest[], kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} is not rendered`);
  return found;
};
const podSpec = (workload: Manifest) => workload['spec'].template.spec;
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe('deploy/k8s', () => {
  it.each([
    ['overlays/example', overlay],
    ['overlays/example/migrate', migrate],
    ['overlays/example + components/cpu-hpa', withCpuHpa],
    ['overlays/scale-out', scaleOut],
  ])('%s renders manifests that validate against the Kubernetes schemas', (_name, manifests) => {
    expect(manifests.length).toBeGreaterThan(0);
    for (const manifest of manifests) {
      const Model = modelOf(manifest);
      expect(() => new Model(manifest).validate()).not.toThrow();
      expect(manifest.metadata.namespace).toBe('nocturne');
    }
  });

  it('uses no field the Kubernetes and KEDA types do not define (no misspelt or misplaced fields)', () => {
    expect(
      manifestTypeErrors(root, [...overlay, ...migrate, ...withCpuHpa.filter((m) => m.kind === 'HorizontalPodAutoscaler')]),
    ).toEqual([]);
    const misspelt = structuredClone(find(overlay, 'Deployment', 'nocturne-api'));
    const container = misspelt['spec'].template.spec.containers[0];
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    expect(manifestTypeErrors(root, [misspelt]).join('\n')).toMatch(/Deployment\/nocturne-api: .*readinesProbe/);
  });

  it('rejects an invalid manifest (the validation can fail)', () => {
    const broken = structuredClone(find(overlay, 'Deployment', 'nocturne-api'));
    broken['spec'].replicas = 'two';
    const Model = modelOf(broken);
    expect(() => new Model(broken).validate()).toThrow(/replicas/);
  });

  it('runs at least two api replicas with readiness and liveness probes on the health routes', () => {
    const api = find(overlay, 'Deployment', 'nocturne-api');
    expect(api['spec'].replicas).toBeGreaterThanOrEqual(2);
    expect(api['spec'].strategy.rollingUpdate.maxUnavailable).toBe(0);
    const [container] = podSpec(api).containers;
    expect(container.image).toBe('registry.example/nocturne-api:1.0.0');
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.ports).toContainEqual({ name: 'http', containerPort: 8080 });
  });

  it('drains an api pod before it stops: preStop sleep inside a longer grace period', () => {
    const api = find(overlay, 'Deployment', 'nocturne-api');
    const [container] = podSpec(api).containers;
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    expect(Number(seconds)).toBeGreaterThanOrEqual(5);
    expect(podSpec(api).terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + 10);
  });

  it.each([
    ['Deployment', 'nocturne-api'],
    ['Deployment', 'nocturne-worker'],
  ])('%s %s runs as non-root on a read-only root filesystem with /tmp on an emptyDir and resources set', (kind, name) => {
    const workload = find(overlay, kind, name);
    const spec = podSpec(workload);
    expect(spec.securityContext.runAsNonRoot).toBe(true);
    expect(spec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(spec.automountServiceAccountToken).toBe(false);
    for (const container of spec.containers) {
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.resources.requests).toEqual(
        expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
      );
      expect(container.resources.limits.memory).toBeDefined();
      const tmp = container.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === '/tmp');
      expect(spec.volumes.find((volume: { name: string }) => volume.name === tmp.name).emptyDir).toBeDefined();
    }
  });

  it('the Dockerfile runs as the numeric user the pods require', () => {
    const dockerfile = readFileSync(path.join(root, '.docker/Dockerfile'), 'utf8');
    const uid = podSpec(find(overlay, 'Deployment', 'nocturne-api')).securityContext.runAsUser;
    expect(dockerfile).toMatch(new RegExp(`^USER ${uid}(:\\d+)?$`, 'm'));
  });

  it('scales the workers on every BullMQ wait list with KEDA, or on CPU with the component', () => {
    const config = find(overlay, 'ConfigMap', 'nocturne-config');
    const scaled = find(overlay, 'ScaledObject', 'nocturne-worker');
    expect(scaled['spec'].scaleTargetRef.name).toBe('nocturne-worker');
    const lists = scaled['spec'].triggers.map((trigger: any) => {
      expect(trigger.type).toBe('redis');
      return trigger.metadata.listName;
    });
    expect(lists.sort()).toEqual(ALL_QUEUES.map((queue) => `${config['data'].REDIS_PREFIX}:${queue}:wait`).sort());
    // The scaler reads Redis' address from the worker container's env: the Secret must carry it.
    for (const trigger of scaled['spec'].triggers) {
      for (const variable of [trigger.metadata.addressFromEnv, trigger.metadata.passwordFromEnv])
        expect(secretExample.stringData).toHaveProperty(variable);
    }
    // The database and TLS the scaler uses are REDIS_URL's.
    const redisUrl = new URL(secretExample.stringData['REDIS_URL']!);
    for (const trigger of scaled['spec'].triggers) {
      expect(trigger.metadata.databaseIndex).toBe(redisUrl.pathname.replace(/^\//, '') || '0');
      expect(trigger.metadata.enableTLS).toBe(String(redisUrl.protocol === 'rediss:'));
    }
    expect(withCpuHpa.some((m) => m.kind === 'ScaledObject')).toBe(false);
    const hpa = find(withCpuHpa, 'HorizontalPodAutoscaler', 'nocturne-worker');
    expect(hpa['spec'].scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'nocturne-worker' });
    expect(hpa['spec'].metrics[0].resource.name).toBe('cpu');
  });

  it('scale-out: every process on the Redis Cluster, KEDA on its wait lists under the hash-tagged prefix, polls on the replica', () => {
    const config = find(scaleOut, 'ConfigMap', 'nocturne-config')['data'] as Record<string, string>;
    const env = {
      ...config,
      ...secretExample.stringData,
      DATABASE_REPLICA_URL: 'postgresql://nocturne:x@postgres-replica.internal:5432/nocturne',
    };
    for (const schema of [apiEnvSchema, workerEnvSchema]) {
      const parsed = loadConfig(schema, env);
      expect(parsed.REDIS_PREFIX).toMatch(/^\{[^{}]+\}$/);
      expect(parsed.REDIS_CLUSTER_NODES).toBeTruthy();
      expect(parsed.DATABASE_REPLICA_URL).toBeTruthy();
    }
    const scaled = find(scaleOut, 'ScaledObject', 'nocturne-worker');
    const redisUrl = new URL(secretExample.stringData['REDIS_URL']!);
    const lists = scaled['spec'].triggers.map((trigger: any) => {
      expect(trigger.type).toBe('redis-cluster');
      // Seeds and password from the worker's env (ConfigMap and Secret), TLS as REDIS_URL says, no database index.
      expect(config[trigger.metadata.addressesFromEnv] ?? secretExample.stringData[trigger.metadata.addressesFromEnv]).toBe(
        config['REDIS_CLUSTER_NODES'],
      );
      expect(secretExample.stringData).toHaveProperty(trigger.metadata.passwordFromEnv);
      expect(trigger.metadata.enableTLS).toBe(String(redisUrl.protocol === 'rediss:'));
      expect(trigger.metadata).not.toHaveProperty('databaseIndex');
      return trigger.metadata.listName;
    });
    expect(lists.sort()).toEqual(ALL_QUEUES.map((queue) => `${config['REDIS_PREFIX']}:${queue}:wait`).sort());
  });

  it('migrates in a Job of its own that runs the migration script once', () => {
    expect(overlay.some((m) => m.kind === 'Job')).toBe(false);
    const job = find(migrate, 'Job', 'nocturne-migrate');
    const spec = podSpec(job);
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.containers[0].command).toEqual(['node', 'libs/db/dist/scripts/migrate.js']);
    expect(spec.containers[0].image).toBe('registry.example/nocturne-migrate:1.0.0');
    expect(spec.securityContext.runAsNonRoot).toBe(true);
  });

  it('routes the Ingress to the api Service, whose selector and PDB match the api pods', () => {
    const api = find(overlay, 'Deployment', 'nocturne-api');
    const labels = api['spec'].template.metadata.labels;
    const service = find(overlay, 'Service', 'nocturne-api');
    expect(matches(service['spec'].selector, labels)).toBe(true);
    const ingress = find(overlay, 'Ingress', 'nocturne');
    expect(ingress['spec'].rules[0].host).toBe('club.example');
    expect(ingress['spec'].rules[0].http.paths[0].backend.service).toEqual({ name: 'nocturne-api', port: { name: 'http' } });
    for (const name of ['nocturne-api', 'nocturne-worker']) {
      const pdb = find(overlay, 'PodDisruptionBudget', name);
      expect(matches(pdb['spec'].selector.matchLabels, find(overlay, 'Deployment', name)['spec'].template.metadata.labels)).toBe(
        true,
      );
    }
    expect(find(overlay, 'PodDisruptionBudget', 'nocturne-api')['spec'].minAvailable).toBeLessThan(api['spec'].replicas);
  });

  it('denies ingress to every pod except the api port and the worker metrics', () => {
    const policies = overlay.filter((m) => m.kind === 'NetworkPolicy');
    const deny = policies.find((p) => p['spec'].ingress === undefined)!;
    expect(deny['spec'].policyTypes).toEqual(['Ingress']);
    for (const name of ['nocturne-api', 'nocturne-worker']) {
      expect(
        matches(deny['spec'].podSelector.matchLabels, find(overlay, 'Deployment', name)['spec'].template.metadata.labels),
      ).toBe(true);
    }
    expect(matches(deny['spec'].podSelector.matchLabels, podSpecLabels(find(migrate, 'Job', 'nocturne-migrate')))).toBe(true);
    const allowed = policies
      .flatMap((p) => (p['spec'].ingress ?? []).flatMap((rule: any) => rule.ports.map((port: any) => port.port)))
      .sort();
    expect(allowed).toEqual([8080, 9464]);
  });

  it('references its Secret without committing one, and the example Secret starts every process', () => {
    for (const manifests of [overlay, migrate]) expect(manifests.some((m) => m.kind === 'Secret')).toBe(false);
    const config = find(overlay, 'ConfigMap', 'nocturne-config')['data'] as Record<string, string>;
    const schemas = {
      'nocturne-api': apiEnvSchema,
      'nocturne-worker': workerEnvSchema,
      'nocturne-migrate': baseEnvSchema,
    } as const;
    for (const workload of [...overlay, ...migrate].filter((m) => m.kind === 'Deployment' || m.kind === 'Job')) {
      for (const container of podSpec(workload).containers) {
        expect(container.envFrom).toEqual([
          { configMapRef: { name: 'nocturne-config' } },
          { secretRef: { name: secretExample.metadata.name } },
        ]);
        const env = {
          ...config,
          ...secretExample.stringData,
          ...Object.fromEntries(
            (container.env ?? []).map((e: any) => [
              e.name,
              e.valueFrom ? secretExample.stringData[e.valueFrom.secretKeyRef.key] : e.value,
            ]),
          ),
        };
        const parsed = loadConfig(schemas[workload.metadata.name as keyof typeof schemas], env) as Record<string, unknown>;
        expect(parsed['NODE_ENV']).toBe('production');
        // The api runs as the role that cannot change the audit log, the others as the owner; the
        // migration Job sets that role's password to the one in the api's URL.
        const role = new URL(String(parsed['DATABASE_URL'])).username;
        expect({ workload: workload.metadata.name, role }).toEqual({
          workload: workload.metadata.name,
          role: workload.metadata.name === 'nocturne-api' ? 'nocturne_api' : 'nocturne',
        });
        if (workload.metadata.name === 'nocturne-migrate')
          expect(parsed['API_DATABASE_PASSWORD']).toBe(
            decodeURIComponent(new URL(secretExample.stringData['API_DATABASE_URL']!).password),
          );
        // The api's and the workers' /metrics both ask for the Secret's token.
        if (workload.metadata.name !== 'nocturne-migrate')
          expect(parsed['METRICS_TOKEN']).toBe(secretExample.stringData['METRICS_TOKEN']);
      }
    }
    expect(
      passwordProblem(secretExample.stringData['ADMIN_PASSWORD']!, { email: secretExample.stringData['ADMIN_EMAIL']! }),
    ).toBeNull();
  });
});

function podSpecLabels(workload: Manifest): Record<string, string> {
  return workload['spec'].template.metadata.labels;
}
