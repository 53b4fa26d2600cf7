// Unknown fields: the JSON schemas in kubernetes-models accept properties they do not define, so
// a misspelt field (`readinesProbe`) would validate. Their TypeScript interfaces do not: each
// rendered manifest is type-checked as an object literal against its interface, where TypeScript
// refuses excess properties and wrong types. In memory, nothing written to disk.
import path from 'node:path';
import ts from 'typescript';
import type { Manifest } from './kustomize.js';

function moduleOf(manifest: Manifest): string {
  const [group, version] = manifest.apiVersion.includes('/') ? manifest.apiVersion.split('/') : ['', manifest.apiVersion];
  if (group === 'keda.sh') return `@kubernetes-models/keda/keda.sh/${version}/${manifest.kind}`;
  return `kubernetes-models/${group ? `${group}/` : ''}${version}/${manifest.kind}`;
}

/** TypeScript's complaints about the manifests, one line each naming the manifest; [] when all fit their types. */
export function manifestTypeErrors(root: string, manifests: Manifest[]): string[] {
  const file = path.join(root, 'deploy-k8s-manifests.check.ts');
  const source = manifests
    .map(
      (m, i) =>
        `import type { I${m.kind} as T${i} } from '${moduleOf(m)}';\nexport const m${i}: T${i} = ${JSON.stringify(m, null, 1)};\n`,
    )
    .join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? source : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  const lines = source.split('\n');
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const index = lines.slice(0, line + 1).filter((text) => text.startsWith('export const m')).length - 1;
    const manifest = manifests[index];
    return `${manifest ? `${manifest.kind}/${manifest.metadata.name}` : diagnostic.file.fileName}: ${message}`;
  });
}
