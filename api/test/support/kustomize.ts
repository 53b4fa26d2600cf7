// A small offline kustomize, for tests: enough of `kustomize build` for deploy/k8s (resources,
// components, strategic-merge patches by kind and name including `$patch: delete`, namespace,
// images, labels). It refuses any kustomization field it does not know, so the manifests cannot
// use a feature this renderer would silently skip.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  components?: string[];
  patches?: { path?: string; patch?: string }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'patches', 'images', 'labels']);

function readYamlDocs(file: string): any[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
      return doc.toJS();
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

function readKustomization(dir: string): Kustomization {
  const file = path.join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const [kustomization] = readYamlDocs(file) as Kustomization[];
  for (const key of Object.keys(kustomization!)) {
    if (!KNOWN_FIELDS.has(key)) throw new Error(`${file}: the test renderer does not support "${key}"`);
  }
  return kustomization!;
}

const keyOf = (m: Pick<Manifest, 'kind' | 'metadata'>) => `${m.kind}/${m.metadata.name}`;

/** Strategic merge as kubectl does for the fields used here: maps merge, lists of named items merge by name. */
export function strategicMerge(target: any, patch: any): any {
  if (Array.isArray(patch)) {
    if (!Array.isArray(target) || !patch.every((item) => item && typeof item === 'object' && 'name' in item))
      return structuredClone(patch);
    const merged = target.map((item) => structuredClone(item));
    for (const item of patch) {
      const index = merged.findIndex((existing) => existing?.name === item.name);
      if (item.$patch === 'delete') {
        if (index >= 0) merged.splice(index, 1);
      } else if (index >= 0) merged[index] = strategicMerge(merged[index], item);
      else merged.push(structuredClone(item));
    }
    return merged;
  }
  if (patch && typeof patch === 'object') {
    const merged = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = strategicMerge(merged[key], value);
    }
    return merged;
  }
  return patch;
}

function applyPatch(manifests: Manifest[], patch: Manifest, where: string): Manifest[] {
  const index = manifests.findIndex((m) => keyOf(m) === keyOf(patch));
  if (index < 0) throw new Error(`${where}: patch targets ${keyOf(patch)}, which is not among the resources`);
  if (patch['$patch'] === 'delete') return manifests.filter((_, i) => i !== index);
  const result = [...manifests];
  result[index] = strategicMerge(manifests[index], patch);
  return result;
}

function setImages(node: any, images: NonNullable<Kustomization['images']>): void {
  if (Array.isArray(node)) node.forEach((item) => setImages(item, images));
  else if (node && typeof node === 'object') {
    for (const key of ['containers', 'initContainers']) {
      for (const container of node[key] ?? []) {
        const [name, tag] = String(container.image).split(':');
        const image = images.find((candidate) => candidate.name === name);
        if (image) container.image = `${image.newName ?? name}${(image.newTag ?? tag) ? `:${image.newTag ?? tag}` : ''}`;
      }
    }
    Object.values(node).forEach((value) => setImages(value, images));
  }
}

/** `kustomize build <dir>`: every manifest, in order. */
export function kustomizeBuild(dir: string, extraComponents: string[] = []): Manifest[] {
  const kustomization = readKustomization(dir);
  let manifests: Manifest[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.resolve(dir, resource);
    if (!existsSync(target)) throw new Error(`${dir}: resource ${resource} does not exist`);
    manifests.push(...(statSync(target).isDirectory() ? kustomizeBuild(target) : (readYamlDocs(target) as Manifest[])));
  }
  const seen = new Set<string>();
  for (const manifest of manifests) {
    if (seen.has(keyOf(manifest))) throw new Error(`${dir}: ${keyOf(manifest)} appears twice`);
    seen.add(keyOf(manifest));
  }
  for (const component of [...(kustomization.components ?? []), ...extraComponents]) {
    const componentDir = path.resolve(dir, component);
    const spec = readKustomization(componentDir);
    if (spec.kind !== 'Component') throw new Error(`${componentDir}: not a kustomize Component`);
    for (const resource of spec.resources ?? [])
      manifests.push(...(readYamlDocs(path.resolve(componentDir, resource)) as Manifest[]));
    for (const patch of spec.patches ?? []) manifests = patchAll(manifests, patch, componentDir);
  }
  for (const patch of kustomization.patches ?? []) manifests = patchAll(manifests, patch, dir);
  for (const { pairs, includeSelectors, includeTemplates } of kustomization.labels ?? []) {
    if (includeSelectors) throw new Error(`${dir}: labels with includeSelectors are not supported by the test renderer`);
    for (const manifest of manifests) {
      manifest.metadata.labels = { ...manifest.metadata.labels, ...pairs };
      const template = manifest['spec']?.template;
      if (template && includeTemplates)
        template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...pairs } };
    }
  }
  if (kustomization.images) setImages(manifests, kustomization.images);
  if (kustomization.namespace) {
    for (const manifest of manifests) manifest.metadata = { ...manifest.metadata, namespace: kustomization.namespace };
  }
  return manifests;
}

function patchAll(manifests: Manifest[], patch: NonNullable<Kustomization['patches']>[number], dir: string): Manifest[] {
  const docs = patch.path
    ? readYamlDocs(path.resolve(dir, patch.path))
    : parseAllDocuments(patch.patch ?? '').map((doc) => doc.toJS());
  let result = manifests;
  for (const doc of docs as Manifest[]) result = applyPatch(result, doc, dir);
  return result;
}
